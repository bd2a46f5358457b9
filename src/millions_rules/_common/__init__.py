"""What every game of the library shares: errors, messages, the generator, JSON, records.

* ``errors`` -- the exception classes, the deserialization codes and the registry of
  each game's action error codes;
* ``text`` -- localisable messages (``Text``, marked with ``msg`` and ``nmsg``);
* ``i18n`` -- the locales, the gettext catalogs and rendering a message in a locale;
* ``random`` -- the seeded SplitMix64 generator;
* ``interning`` -- one shared instance per distinct immutable value, for hot paths;
* ``untrusted`` -- an action's fields as the checks read them, before they are checked;
* ``limits`` -- the limits every document is read under;
* ``json`` -- ``JsonFormat``, one game's converter and text in and out;
* ``schema`` -- JSON Schema generation and the shipped schema files;
* ``records`` -- the shared steps of loading a saved game;
* ``public`` -- how each public package presents the names it exports.

Each game (:mod:`millions_rules` for Millions of Dollars, :mod:`millions_rules.torraku`)
builds on these and copies none of them. Nothing here is public API.
"""
