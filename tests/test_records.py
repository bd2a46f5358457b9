"""Saved games with tags, and public records: shareable, and leaking nothing (R-INFO)."""

from __future__ import annotations

import json
import pathlib

import jsonschema
import pytest
from hypothesis import given

from millions_rules import (
    FORMAT_VERSION,
    Choose,
    ConfigError,
    DeserializationError,
    GameConfig,
    GameRecord,
    GameState,
    GameWon,
    IllegalActionError,
    PublicRecord,
    Role,
    apply,
    from_json,
    json_schema,
    load_game,
    load_public_record,
    new_game,
    public_config,
    public_record,
    save_game,
    to_json,
    visible_events,
)

from .conftest import scaled
from .strategies import games
from .test_views import hide_differently, some_states

GOLDEN = pathlib.Path(__file__).parent / "golden"
TAGS = {"event": "Club night", "site": "Lyon", "date": "2026-11-29", "seat_0": "Ann"}


class TestTags:
    def test_tags_saved_and_read_back(self) -> None:
        """save_game(tags=) writes the tags; the strict reader gives them back, in order."""
        state = apply(new_game(GameConfig(4, seed=2)), Choose(0, Role.CROOK))
        text = save_game(state, tags=TAGS)
        assert (
            '"tags":{"event":"Club night","site":"Lyon","date":"2026-11-29","seat_0":"Ann"}' in text
        )
        record = from_json(text, GameRecord)
        assert dict(record.tags) == TAGS and list(record.tags) == list(TAGS)
        assert load_game(text) == state
        jsonschema.Draft202012Validator(json_schema(GameRecord)).validate(json.loads(text))

    def test_tags_are_read_only(self) -> None:
        """A record's tags cannot be changed after the fact, nor through the given dict."""
        given_tags = dict(TAGS)
        record = GameRecord.of(new_game(GameConfig(4, seed=2)), tags=given_tags)
        given_tags["event"] = "changed"
        assert record.tags["event"] == "Club night"
        with pytest.raises(TypeError):
            record.tags["event"] = "x"  # type: ignore[index]

    def test_records_hash_and_pickle(self) -> None:
        """Records with tags are hashable values and survive pickle (worker pools, caches)."""
        import pickle

        record = GameRecord.of(new_game(GameConfig(4, seed=2)), tags=TAGS)
        again = pickle.loads(pickle.dumps(record))
        assert again == record and hash(again) == hash(record)
        assert dict(again.tags) == TAGS

    def test_no_tags_by_default(self) -> None:
        """Without tags the record has an empty mapping."""
        record = from_json(save_game(new_game(GameConfig(3, seed=2))), GameRecord)
        assert dict(record.tags) == {}

    @pytest.mark.parametrize(
        "tags", [{"bad name": "x"}, {"": "x"}, {"event": 3}, {f"k{i}": "" for i in range(65)}]
    )
    def test_bad_tags_refused(self, tags: dict[str, object]) -> None:
        """Tag names are 1-64 letters, digits or underscores; values are text; 64 at most."""
        state = new_game(GameConfig(4, seed=2))
        with pytest.raises(ConfigError):
            save_game(state, tags=tags)  # type: ignore[arg-type]
        document = json.loads(save_game(state))
        document["tags"] = tags
        with pytest.raises(DeserializationError) as caught:
            load_game(json.dumps(document))
        assert caught.value.path == "tags"

    def test_format_1_save_has_no_tags(self) -> None:
        """A format-1 save, written before tags existed, reads with empty tags."""
        text = (GOLDEN / "format1" / "three_players.save.json").read_text("utf-8")
        assert "tags" not in json.loads(text)
        assert dict(from_json(text, GameRecord).tags) == {}


class TestPublicRecord:
    def test_contents(self) -> None:
        """A finished game's public record: public config, tags, visible log and result."""
        state = load_game((GOLDEN / "four_forbidden.save.json").read_text("utf-8"))
        text = public_record(state, 2, tags=TAGS)
        record = load_public_record(text)
        assert record.format_version == FORMAT_VERSION
        assert record.seat == 2 and record.config == public_config(state.config)
        assert dict(record.tags) == TAGS
        assert record.version == state.version == len(state.history)
        assert record.events == visible_events(state.events, 2)
        assert isinstance(record.result, GameWon)
        assert record.result.winners == tuple(sorted(state.winners))
        assert record.result.cash == state.cash
        assert '"seed"' not in text and '"rng"' not in text and '"actions"' not in text
        jsonschema.Draft202012Validator(json_schema(PublicRecord)).validate(json.loads(text))

    def test_game_in_progress_has_no_result(self) -> None:
        """Before the end the result is ``None``; a spectator's record holds public events."""
        state = apply(new_game(GameConfig(4, seed=2)), Choose(0, Role.CROOK))
        record = load_public_record(public_record(state))
        assert record.seat is None and record.result is None
        assert [type(e).__name__ for e in record.events] == [
            "GameStarted",
            "LootRevealed",
            "DepositPlaced",
        ]

    def test_bad_seat_refused(self) -> None:
        """R-COMP-7: the seat must be one of the game's."""
        with pytest.raises(IllegalActionError) as caught:
            public_record(new_game(GameConfig(4, seed=2)), 4)
        assert caught.value.code == "unknown_player"

    def test_reader_refuses_newer_format_and_bad_seat(self) -> None:
        """load_public_record refuses a newer format and a seat outside the game."""
        document = json.loads(public_record(new_game(GameConfig(4, seed=2)), 1))
        document["format_version"] = FORMAT_VERSION + 1
        with pytest.raises(DeserializationError) as caught:
            load_public_record(json.dumps(document))
        assert caught.value.code == "newer_format"
        document["format_version"] = FORMAT_VERSION
        document["seat"] = 4
        with pytest.raises(DeserializationError) as caught:
            load_public_record(json.dumps(document))
        assert (caught.value.code, caught.value.path) == ("bad_value", "seat")

    def test_round_trip(self) -> None:
        """The reader gives back a record that writes the same text."""
        state = load_game((GOLDEN / "three_players.save.json").read_text("utf-8"))
        text = public_record(state, 0, tags=TAGS)
        assert to_json(load_public_record(text)) == text

    @scaled(4)  # every seat of every sampled state is written twice
    @given(games())
    def test_public_record_leaks_nothing(self, states: list[GameState]) -> None:
        """R-INFO: two games that differ only in a seat's unknowns give identical records."""
        for state in some_states(states):
            for seat in [None, *range(state.players)]:
                text = public_record(state, seat, tags=TAGS)
                assert public_record(hide_differently(state, seat), seat, tags=TAGS) == text
