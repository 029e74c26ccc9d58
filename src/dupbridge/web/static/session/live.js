// The session pages: refresh the ranking fragment and count the round's clock down.
// Plain module, no build step.

function refresh(box) {
  const url = box.dataset.refresh;
  const every = Number(box.dataset.every || 0);
  if (!url || !every) return;
  setInterval(async () => {
    try {
      const answer = await fetch(url, { headers: { Accept: "text/html" } });
      if (answer.ok) box.innerHTML = await answer.text();
    } catch (error) {
      // offline for a moment: the next refresh tries again
    }
  }, every * 1000);
}

function countdown(clock) {
  const deadline = Number(clock.dataset.deadline) * 1000;
  const tick = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    clock.textContent = `${minutes}:${seconds}`;
  };
  tick();
  setInterval(tick, 1000);
}

document.querySelectorAll("[data-refresh]").forEach(refresh);
document.querySelectorAll(".clock[data-deadline]").forEach(countdown);
