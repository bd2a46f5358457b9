"""What every game of the library shares: errors, the generator, JSON conventions, records.

* :mod:`.errors` -- the exception classes and the registry of action error codes;
* :mod:`.random` -- the seeded SplitMix64 generator;
* :mod:`.limits` -- the limits every document is read under;
* :mod:`.json` -- :class:`~.json.JsonFormat`, one game's converter and text in and out;
* :mod:`.schema` -- JSON Schema generation and the shipped schema files;
* :mod:`.records` -- the shared steps of loading a saved game.

Each game (:mod:`millions_rules` for Millions of Dollars, :mod:`millions_rules.torraku`)
builds on these and copies none of them. Nothing here is public API.
"""
