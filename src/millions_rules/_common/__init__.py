"""What every game of the library shares: errors, the generator, JSON conventions, records.

* ``errors`` -- the exception classes and the registry of action error codes;
* ``random`` -- the seeded SplitMix64 generator;
* ``limits`` -- the limits every document is read under;
* ``json`` -- ``JsonFormat``, one game's converter and text in and out;
* ``schema`` -- JSON Schema generation and the shipped schema files;
* ``records`` -- the shared steps of loading a saved game.

Each game (:mod:`millions_rules` for Millions of Dollars, :mod:`millions_rules.torraku`)
builds on these and copies none of them. Nothing here is public API.
"""
