// The live ranking: asks every second whether anything changed, and swaps in the new
// ranking when it did (a plain poll: works through any proxy and on any phone).
const live = document.getElementById("live");
const url = live.dataset.url;
let version = Number(live.querySelector("#ranking").dataset.version);

async function poll() {
  try {
    const answer = await fetch(`${url}/version`, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) return;
    const body = await answer.json();
    if (body.version === version) return;
    const page = await fetch(`${url}/ranking`, { credentials: "same-origin", cache: "no-store" });
    if (!page.ok) return;
    live.innerHTML = await page.text();
    version = Number(live.querySelector("#ranking").dataset.version);
  } catch (error) {
    // offline for a moment: the next poll tries again
  }
}
setInterval(poll, 1000);
