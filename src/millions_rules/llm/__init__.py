"""LLM seats: a text-game harness for either game, in the shape of TextArena's environments
and Kaggle Game Arena's harness.

:class:`TextGame` is an environment in words: :meth:`~TextGame.get_observation` gives the
seat to act and its prompt (what it knows, what happened since it last looked, and
optionally its legal commands), :meth:`~TextGame.step` reads the model's answer with
:func:`~millions_rules.text.parse_command`. An illegal answer earns a strike and a "rethink"
prompt that says why and what is legal; after ``strikes`` of them in a row the seat plays a
seeded random legal move. Every call is recorded in :attr:`~TextGame.telemetry`.
:func:`play` runs a whole game between agents (any callables from prompt to answer).
:class:`RemoteSeat` is one seat of a web-server table, over its HTTP API with the seat's
token (what the MCP server's ``--url`` serves).

>>> from millions_rules.llm import TextGame, play
>>> env = TextGame("torraku", players=2, seed=1)
>>> seat, prompt = env.get_observation()
>>> seat, prompt.splitlines()[0]
(0, 'You are player 1 at a game of Currency Torraku.')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from .._common.dealer import engine_dealing
from .._common.game import seats_due
from .._common.i18n import check_locale, msg
from .._common.notation import NotationError, seat_label
from ..games import AnyGame, get_game
from ..text import menu, narrate, parse_command, status
from ._remote import MAX_ANSWER_BYTES, MAX_WAIT_SECONDS, RemoteError, RemoteSeat, seat_link

__all__ = [
    "MAX_ANSWER_BYTES",
    "MAX_WAIT_SECONDS",
    "Call",
    "RemoteError",
    "RemoteSeat",
    "TextGame",
    "play",
    "read_answer",
    "seat_link",
]


@attrs.frozen
class Call:
    """One answer of one seat, as the harness saw it (the telemetry of a call)."""

    seat: int
    """The seat that answered."""
    version: int
    """The game's version when it was asked."""
    attempt: int
    """1 for the first answer at this version, 2 after one strike..."""
    prompt_chars: int
    """The length of the prompt it answered."""
    answer: str
    """What it answered."""
    command: str | None
    """The command read from the answer (its last line starting with ``/``, or the whole)."""
    legal: bool
    """Whether the command was a legal move (and was played)."""
    error: str | None
    """The refusal's code (:data:`~millions_rules.text.NOTATION_ERROR_CODES`), if illegal."""
    forced: bool = False
    """Whether the harness played a random legal move after the last strike."""


_INTRO: Final = msg("text.llm.intro", "You are {player} at a game of {title}.")
_EVENTS: Final = msg("text.llm.events", "Since your last turn:")
_LEGAL: Final = msg("text.llm.legal", "Your legal commands:")
_ASK: Final = msg(
    "text.llm.ask", "Answer with exactly one command, on its own line, starting with /."
)
_RETHINK: Final = msg("text.llm.rethink", "Your answer was not a legal move: {reason}")
_AGAIN: Final = msg("text.llm.again", "Think again, and answer with one legal command.")
_COMMAND: Final = re.compile(r"^\s*[`*>]*\s*([/\uff0f].*?)\s*[`*]*\s*$")


def read_answer(answer: str) -> str:
    """The command in a model's answer: its last line starting with ``/`` (inside backticks
    or not), else the whole answer stripped."""
    found = [match.group(1) for line in answer.splitlines() if (match := _COMMAND.match(line))]
    return found[-1] if found else answer.strip()


class TextGame:
    """A game of either kind for text agents (see the module's description).

    Args:
        game: ``"millions"`` or ``"torraku"``.
        players: The number of seats.
        seed: The game's seed (and of the forced moves).
        locale: The language of the prompts.
        names: The players' names (default: "player 1", "player 2"...).
        strikes: Illegal answers in a row before the harness plays for the seat.
        show_legal: Whether the prompt lists the legal commands.
        options: The game's config options; Torraku is stacked by the engine (R-TK-SIM).
    """

    def __init__(
        self,
        game: str = "millions",
        players: int = 4,
        *,
        seed: int = 0,
        locale: str = "en",
        names: Sequence[str] | None = None,
        strikes: int = 3,
        show_legal: bool = True,
        **options: object,
    ) -> None:
        self.game: AnyGame = get_game(game)
        self.name = game
        self.locale = check_locale(locale)
        self.names = list(names) if names is not None else None
        self.strikes = strikes
        self.show_legal = show_legal
        self.seed = seed
        options = engine_dealing(self.game.config_type, options)
        self.state: Any = self.game.new_game(self.game.config(players, seed=seed, **options))
        self.players = players
        self.telemetry: list[Call] = []
        """Every answer read, in order."""
        self._seen = [0] * players
        self._strikes = 0
        self._rethink: str | None = None

    # --- whose turn, and what it sees --------------------------------------------------------
    def _seat(self) -> int:
        return min(seats_due(self.game, self.state))

    @property
    def done(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_over(self.state))

    def get_observation(self) -> tuple[int, str]:
        """The seat to act and its prompt (a rethink prompt after an illegal answer)."""
        seat = self._seat()
        if self._rethink is not None:
            return seat, self._rethink
        return seat, self._prompt(seat)

    def _title(self, language: str) -> str:
        # The game's own title in the language (its words' title), else its English title.
        words = self.game.companions.text
        title = words.title if words is not None else None
        return title(language) if title is not None else self.game.title

    def _prompt(self, seat: int) -> str:
        language = self.locale
        seen = self.game.view(self.state, seat)
        player = seat_label(seat, self.names, language)
        lines = [_INTRO.render(language, player=player, title=self._title(language)), ""]
        lines.append(status(seen, names=self.names, locale=language))
        events = self.game.view_events(self.game.view(self.state, seat, since=self._seen[seat]))
        if events:
            lines += ["", _EVENTS.render(language)]
            lines += [
                f"- {narrate(event, seat, names=self.names, locale=language)}" for event in events
            ]
        if self.show_legal:
            lines += ["", _LEGAL.render(language)]
            lines += [
                f"{entry.command} · {entry.explanation}"
                for entry in menu(seen, names=self.names, locale=language)
            ]
        lines += ["", _ASK.render(language)]
        return "\n".join(lines)

    # --- answers ---------------------------------------------------------------------------
    def step(self, answer: str) -> tuple[bool, dict[str, Any]]:
        """Read the answer of the seat to act: play it if legal, else strike and ask again.

        Returns:
            ``(done, info)``; ``info`` holds the :class:`Call` recorded (``"call"``).
        """
        seat = self._seat()
        version = self.game.version(self.state)
        seen = self.game.view(self.state, seat)
        typed = read_answer(str(answer))
        attempt = self._strikes + 1
        try:
            action = parse_command(typed, seen, names=self.names, locale=self.locale)
        except NotationError as error:
            self._strikes += 1
            forced = self._strikes >= self.strikes
            call = Call(
                seat=seat,
                version=version,
                attempt=attempt,
                prompt_chars=len(self.get_observation()[1]),
                answer=str(answer),
                command=typed,
                legal=False,
                error=error.code,
                forced=forced,
            )
            self.telemetry.append(call)
            if not forced:
                reason = error.localized(self.locale)
                self._rethink = "\n".join(
                    [_RETHINK.render(self.locale, reason=reason), _AGAIN.render(self.locale)]
                )
                return False, {"call": call}
            rng = random.Random(f"millions-rules-llm:{self.seed}:{seat}:{version}")
            actions = self.game.legal_actions(self.state, seat)
            action = rng.choice(actions)
            self._play(seat, action)
            return self.done, {"call": call}
        call = Call(
            seat=seat,
            version=version,
            attempt=attempt,
            prompt_chars=len(self.get_observation()[1]),
            answer=str(answer),
            command=typed,
            legal=True,
            error=None,
        )
        self.telemetry.append(call)
        self._play(seat, action)
        return self.done, {"call": call}

    def _play(self, seat: int, action: Any) -> None:
        self._seen[seat] = len(self.game.view_events(self.game.view(self.state, seat)))
        self.state = self.game.apply(self.state, action, seat=seat)
        self._strikes, self._rethink = 0, None

    def close(self) -> tuple[dict[int, float], dict[str, Any]]:
        """The rewards (1 for each winner, 0 for the others) and the game's facts."""
        winners = set(self.game.winners(self.state))
        rewards = {seat: 1.0 if seat in winners else 0.0 for seat in range(self.players)}
        illegal = sum(1 for call in self.telemetry if not call.legal)
        return rewards, {
            "winners": sorted(winners),
            "scores": list(self.game.scores(self.state)),
            "calls": len(self.telemetry),
            "illegal": illegal,
        }


def play(
    env: TextGame, agents: Mapping[int, Callable[[str], str]], *, limit: int = 20_000
) -> tuple[dict[int, float], dict[str, Any]]:
    """Play ``env`` to the end, asking ``agents[seat](prompt)`` for every answer.

    Returns:
        What :meth:`TextGame.close` returns.
    """
    for _ in range(limit):
        if env.done:
            break
        seat, prompt = env.get_observation()
        env.step(agents[seat](prompt))
    return env.close()
