"""Deals and analysis: secure dealing, double dummy, par, play analysis, claim checks, hand records.

Modules (import them directly; only this package talks to DDS, through endplay):

* :mod:`dupbridge.analysis.dealing`: keyed, reproducible, uniformly random dealing (Law 6E).
* :mod:`dupbridge.analysis.dd`: double-dummy tables, in batches, on an optional executor.
* :mod:`dupbridge.analysis.par`: par scores and contracts by vulnerability and dealer.
* :mod:`dupbridge.analysis.play`: the double-dummy cost of each card played.
* :mod:`dupbridge.analysis.claims`: claim checks for the Director (Laws 68-71).
* :mod:`dupbridge.analysis.handrecord`: hand records as PDF and HTML.
"""
