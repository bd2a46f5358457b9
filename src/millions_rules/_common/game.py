"""The game interface: what every game of the library provides to the layers above it.

A game is one object that satisfies :class:`Game`. Everything written once for every game
(the bot runner and simulator, the search bot, the web table, the AI adapters, the command
line) talks to a game through it and nothing else, as OpenSpiel's algorithms talk to its
``Game``/``State`` and boardgame.io's server to its game object. The interface is small on
purpose: the rules stay in each game's own modules, whose functions it names.

Someone adding a third game reads :class:`Game` as a checklist: its own config, state,
action and view types, then each method below, with the same contracts as the two games'
(immutable states, ``seat=`` authorisation, views that never leak a secret, typed errors).
Two small helpers cover what a runner of bots needs beyond the rules:

* :class:`Pacing` says which seat a table of bots asks next and what it offers that seat
  (Millions lets players act in any order and pay at will; a runner needs a turn order);
* :class:`Chance` draws what the table would decide when the caller deals (Millions' loot
  deal with :attr:`~millions_rules.Dealer.EXTERNAL`, Torraku's stacking model R-TK-SIM).

What a game may add beyond the rules is its :class:`Companions` (:attr:`Game.companions`),
each part optional with a generic default: its own bot for an empty seat, a search model
for :class:`~millions_rules.bots.ISMCTSBot` (:class:`SearchModel`), the simulator's
statistics (:class:`GameStatistics`), its JSON Schemas, its ``demo`` and its web page
(:class:`Page`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import attrs

from .adapter import GameAdapter
from .errors import ConfigError
from .notation import MenuEntry

if TYPE_CHECKING:
    from .errors import IllegalActionError

__all__ = [
    "AnyBot",
    "Chance",
    "Companions",
    "SeatWords",
    "Game",
    "GameStatistics",
    "Pacing",
    "Page",
    "PageTracker",
    "Payment",
    "PayingView",
    "Rollout",
    "SearchModel",
    "config_with_options",
    "seats_due",
]

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
T = TypeVar("T")
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Pacing(Protocol[StateT_contra, ViewT_contra, ActionT]):
    """How a table of bots takes turns in one game: who is asked next and what it is offered.

    A pacing is made for one game by :meth:`Game.pacing` and kept by its runner, which calls
    :meth:`next_seat`, :meth:`offered` and, after applying the seat's answer, :meth:`played`.
    It may count what it needs (Millions bounds the payments a seat makes per round).
    """

    def next_seat(self, state: StateT_contra) -> int:
        """The seat to ask now (the game is not over and awaits no dealer)."""
        ...

    def offered(self, state: StateT_contra, seen: ViewT_contra, seat: int) -> tuple[ActionT, ...]:
        """The actions offered to ``seat``, whose view is ``seen``: legal, never empty."""
        ...

    def played(self, state: StateT_contra, seat: int, action: ActionT) -> None:
        """Note that ``seat`` played ``action``, which led to ``state``."""
        ...


class Chance(Protocol[StateT_contra, ActionT_co]):
    """The table's own draws, for games whose caller deals (an external dealer).

    Made by :meth:`Game.chance` from a seed; each :meth:`draw` advances it, so the same seed
    gives the same outcomes.
    """

    def draw(self, state: StateT_contra) -> ActionT_co:
        """The dealer's action now (``state`` awaits the dealer)."""
        ...


class Payment:
    """The base of an action a seat may take at will beside its decisions (a side deal).

    Millions' :class:`~millions_rules.Pay` is one; :class:`~millions_rules.bots.RandomBot`
    plays an offered payment with its ``pay_chance`` and anything else otherwise. A game
    without such actions ignores this class.
    """

    __slots__ = ()


class PayingView:
    """The base of a view whose seat may pay others at will (Millions' :class:`~millions_rules.PlayerView`).

    What :meth:`~millions_rules.bots.RandomBot.act`, the older interface of a random
    player, needs of a view: the seat, its legal decisions, whom it may pay, and the
    payment action itself.
    """

    __slots__ = ()

    seat: int | None
    legal_actions: tuple[Any, ...]
    payees: tuple[int, ...]

    def payment(self, to: int, amount: int) -> Payment:
        """The seat's payment of ``amount`` to seat ``to``."""
        raise NotImplementedError


@runtime_checkable
class AnyBot(Protocol):
    """A bot of any game: the shape :func:`~millions_rules.bots.play_game` relies on.

    ``view`` is the seat's view in the game being played, ``legal`` its offered actions;
    the answer must be one of them.
    """

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``."""
        ...


class Rollout(Protocol):
    """One iteration's walk through a sampled world (made by :meth:`SearchModel.rollout`)."""

    def done(self, state: Any) -> bool:
        """Whether the walk ends here (the game is over, or the model's horizon is reached)."""
        ...

    def deal(self, state: Any, sim: random.Random) -> Any:
        """The dealer's action (the game awaits an external dealer)."""
        ...

    def next_seat(self, state: Any) -> int:
        """The seat that acts next."""
        ...

    def policy(self, state: Any, seat: int, sim: random.Random) -> Any:
        """The fast model's action for ``seat`` (another seat, or the searcher off the tree)."""
        ...

    def choices(self, state: Any, seat: int) -> tuple[Any, ...]:
        """The searching seat's actions at a decision of the tree below the root."""
        ...

    def key(self, state: Any, seat: int) -> Hashable:
        """What the searching seat observes at a decision (its information set, with its
        earlier actions, which the tree adds)."""
        ...

    def played(self, before: Any, after: Any, seat: int, action: Any, searcher: bool) -> None:
        """Note that ``seat`` played ``action``, from ``before`` to ``after`` (``searcher``:
        the searching seat, in the tree)."""
        ...


class SearchModel(Protocol):
    """What :class:`~millions_rules.bots.ISMCTSBot` knows of one game beyond the interface.

    Optional (:attr:`~millions_rules.games.Companions.search_model`): without one the search uses
    :class:`~millions_rules.bots.GenericSearch`, built from the interface alone.
    """

    @property
    def scale(self) -> float:
        """The score lead that makes the heuristic reward about 0.73 (see ISMCTSBot)."""
        ...

    def root_actions(self, offered: Sequence[Any]) -> tuple[Any, ...]:
        """The offered actions the search considers (never empty)."""
        ...

    def rollout(self, world: Any, me: int) -> Rollout:
        """A fresh walk through ``world`` for the searching seat ``me``."""
        ...


#: One estimate of ``simulate``'s tables, as plain data: ``{"value", "low", "high", "n"}``.
EstimateRow = tuple[str, str, str, Mapping[str, Any]]


class GameStatistics(Protocol):
    """What ``simulate`` measures in one game, and how it shows it.

    Optional (:attr:`~millions_rules.games.Companions.statistics`): without one the simulator uses
    :class:`~millions_rules.kit.CommonStatistics` (win rates by bot and seat, the mean of
    :meth:`~millions_rules.games.Game.scores`, the game's length in actions), which a game may also subclass.
    """

    @property
    def score(self) -> str:
        """The summary key of each seat's final score (``cash``, ``pieces``, ``score``)."""
        ...

    @property
    def options(self) -> tuple[str, ...]:
        """The names of the game's own simulator options, in the order of the settings."""
        ...

    @property
    def json_schema(self) -> Mapping[str, Any]:
        """The JSON Schema of ``simulate --game NAME --json``."""
        ...

    def config(self, players: int, seed: int, options: Mapping[str, Any]) -> Any:
        """The config of one game of the run."""
        ...

    def summarise(self, final: Any, labels: Sequence[str], seconds: float) -> dict[str, Any]:
        """The plain-data summary of a finished game: ``bots``, ``winners``, the score
        (under :attr:`score`), ``rounds`` (its length) and the game's own figures."""
        ...

    def statistics(self, summaries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The game's own statistics, added to the common ones."""
        ...

    def settings(self, common: Mapping[str, Any]) -> dict[str, Any]:
        """The settings ``--json`` prints, from the run's ``common`` settings (``game``,
        ``players``, ``games``, ``bots``, ``rotate``, the options, ``seed``)."""
        ...

    def rows(self, stats: Mapping[str, Any]) -> list[EstimateRow]:
        """The rows of ``--csv``: ``(section, name, metric, estimate)``."""
        ...

    def table(self, settings: Mapping[str, Any], stats: Mapping[str, Any]) -> str:
        """The plain-text tables ``simulate`` prints."""
        ...


#: A game's ``demo``: ``(players, seed, locale, options)`` to the lines of the story.
Demo = Callable[[int, int, str, Mapping[str, object]], Sequence[str]]


class PageTracker(Protocol):
    """A replay's running summary, fed one public event at a time (see :attr:`Page.tracker`)."""

    def add(self, event: object) -> Mapping[str, Any] | None:
        """Note ``event``; the new summary when it closes one (the page shows it), else ``None``."""
        ...


@attrs.frozen(kw_only=True)
class Page:
    """A game's own web page: its widgets, words and what each update adds for them.

    Every part is optional: a game whose :attr:`Companions.page` is ``None`` gets the
    generic page of the web table (its labelled legal actions from :meth:`Game.describe`,
    its view as a key/value block, the narrated log and the winners from
    :meth:`Game.winners`).

    >>> from millions_rules.games import Page
    >>> Page(widgets="mygame").words("en")
    {}
    """

    widgets: str | None = None
    """The name of the page's widgets in the web table's script (``"millions"``,
    ``"torraku"``); ``None``: the generic page."""
    words: Callable[[str], Mapping[str, str]] = lambda locale: {}
    """The game's words for its widgets in a language, by message id, placeholders left for
    the page (``web.rules.<game>`` lists the ids of its rules panel's paragraphs)."""
    extras: Callable[[Any], Mapping[str, Any]] = lambda state: {}
    """What every update of a table adds for the widgets, from the state (public facts
    only: Millions' ``summary`` of the last heist and its ``target``)."""
    view_extras: Callable[[Any], Mapping[str, Any]] = lambda seen: {}
    """What a replay adds for the widgets, from its first view (Millions' ``target``)."""
    tracker: Callable[[Any], PageTracker] | None = None
    """A replay's running summary from its first view (Millions' last heist); ``None``:
    none."""
    ending: Callable[[object, str], str | None] = lambda event, locale: None
    """Why the game ended, in a language, from the event that ended it (``None``: the page
    names the winners only)."""
    offered: Callable[[Any, Any, int], Sequence[Any]] | None = None
    """The actions a seat's page lists as buttons, from the state, the seat's view and the
    seat (Millions lists no payment: the page asks for an amount); ``None``:
    :meth:`Game.legal_actions`."""
    bot_offered: Callable[[Any, Any, int], Sequence[Any]] | None = None
    """The actions a bot in an empty seat chooses from (Millions' bots pay no bribe, so no
    payment; a bargaining bot builds its own offers and talk); ``None`` is what the game's
    :class:`Pacing` offers."""
    due: Callable[[Any], tuple[int, ...]] | None = None
    """The seats a table waits for and whose deadline runs (Millions' awaited seats, not a
    seat that may only pay); ``None``, the default, is :meth:`Game.actors`."""
    round_of: Callable[[Any], object] = lambda state: None
    """The state's round, for the server's limit of actions per seat and round (a new
    round starts every count again); the default counts over the whole game."""
    bot: Callable[[], Any] | None = None
    """Makes the bot of an empty seat at a web table; ``None`` seats
    :attr:`Companions.rule_bot` (Millions': a RuleBot that bargains)."""
    refused: tuple[type, ...] = ()
    """Action classes a web table refuses (``not_at_this_table``); none for the built-in
    games."""
    rule_version: Callable[[Any], int] | None = None
    """The count of rule actions of a state, which every seat may know and which a table
    checks a seat's action against (Millions'
    :attr:`~millions_rules.GameState.rule_version`: talk and offers do not count, so a
    private exchange never changes what a third seat sees, nor makes its action stale);
    ``None``: :meth:`Game.version`."""
    talking: Callable[[Any], bool] = lambda state: False
    """Whether the state is in a phase of talk (Millions' negotiation), where a table's
    bots leave people time (their ``talk_window``) before they decide."""
    seat_extras: Callable[[Any, Sequence[str], str], Mapping[str, Any]] = (
        lambda seen, names, locale: {}
    )
    """What an update adds for one seat's widgets, from that seat's view only, in a language
    (Millions' ``offer_lines``: each open offer in sight, by id, told in words)."""
    pressed: Callable[[Any], Sequence[int]] = lambda state: ()
    """The seats the leader pressed to decide and that have not decided yet (Millions'
    R-TALK-LEADER), whom a table with deadlines gives a short time."""
    narrate: Callable[[Sequence[object], Sequence[str], str], Sequence[str]] | None = None
    """A table's log in a language, one line an event, every seat named (Millions'
    :func:`~millions_rules.narrate`: what the events around each show, such as the
    Mastermind's 2M); ``None``: :meth:`Game.describe` of each event."""
    describe: Callable[[object, Sequence[str], str], str] | None = None
    """An event or action of a table in a language, every seat named (Millions names no
    threat position when each player has one character); ``None``: :meth:`Game.describe`."""
    companion_table: bool = False
    """Whether a table may let the seats report the game's chance themselves (Torraku's
    stacking beside a physical table, R-TK-STACK-7: ``serve --companion``)."""


@attrs.frozen(kw_only=True)
class SeatWords:
    """A game in words for one seat: what the text layer (:mod:`millions_rules.text`), the
    chat host and the LLM seats say and read, each function the game's own.

    ``names`` are the players' names by seat (``None``: "seat 1", ...) and ``locale`` one
    of :data:`~millions_rules.LOCALES`, already checked.
    """

    command: Callable[..., str]
    """``command(action, *, names, locale)``: the command a player types for ``action``."""
    parse_command: Callable[..., Any]
    """``parse_command(text, view, *, names, locale)``: the seat's legal action ``text``
    says, or a :class:`~millions_rules.text.NotationError` with the nearest commands."""
    legal_actions: Callable[[Any], Sequence[Any]]
    """Every legal action of a view's seat, each a command stands for (amounts included)."""
    menu: Callable[[Any, Sequence[str] | None, str], Sequence[MenuEntry]]
    """``menu(view, names, locale)``: a line per command the seat may type now."""
    status: Callable[[Any, Sequence[str] | None, str], Sequence[str]]
    """``status(view, names, locale)``: the lines of what the seat knows."""
    narrate: Callable[[Any, int | None, Sequence[str] | None, str], str]
    """``narrate(event, seat, names, locale)``: one event told to ``seat``, its own deeds
    and secrets in the second person."""
    event_types: tuple[type, ...]
    """The game's event classes (what :attr:`narrate` tells)."""
    is_secret: Callable[[Any, Any], bool] = lambda action, view: False
    """``is_secret(action, view)``: whether typing the action's command where others read
    reveals a secret of the seat (by default nothing does)."""
    title: Callable[[str], str] | None = None
    """``title(locale)``: the game's title in a language, as an LLM seat's prompt names the
    game; ``None``: :attr:`Game.title` (English) in every language."""
    aliases: tuple[str, ...] = ()
    """Other names a player may type for the game where a command names one (the chat
    plugin's ``/开局 百万``), besides :attr:`Game.name`; none by default."""


@attrs.frozen(kw_only=True)
class Companions:
    """What a game offers beyond the rules, each part optional (``None``: the default).

    >>> from millions_rules.games import Companions
    >>> Companions().rule_bot is None
    True
    """

    rule_bot: Callable[[], AnyBot] | None = None
    """Makes the game's own bot (``simulate --bots rule``, an empty seat at a table);
    ``None``: :class:`~millions_rules.bots.RandomBot` stands in."""
    search_model: SearchModel | None = None
    """What the search bot knows of the game; ``None``: :class:`~millions_rules.bots.GenericSearch`."""
    statistics: GameStatistics | None = None
    """The simulator's figures; ``None``: :class:`~millions_rules.kit.CommonStatistics`."""
    schemas: Callable[[str], None] | None = None
    """Writes the game's JSON Schemas into a directory (``schemas --game NAME``); ``None``:
    the game ships none, and the command says so."""
    demo: Demo | None = None
    """Plays and tells the game's demo; ``None``: random bots, narrated by :meth:`Game.describe`."""
    demo_players: int | None = None
    """The demo's default number of players; ``None``: the fewest the game allows."""
    demo_seed: int = 1
    """The demo's default seed."""
    page: Page | None = None
    """The game's own web page (widgets, words, summaries); ``None``: the generic page."""
    adapter: GameAdapter[Any] | None = None
    """The game's own parts for the AI adapters (PettingZoo, OpenSpiel), with its action
    catalogue, observation encoding and recall fields; ``None``, the generic default
    (:class:`~millions_rules.adapters.GenericAdapter`), made from :attr:`action_catalogue`."""
    action_catalogue: Callable[[Any], Sequence[Any]] | None = None
    """Every action any seat or the dealer can ever be offered in a game of a config, each
    once, in a fixed order (hashable, as attrs' frozen classes are), which give the generic
    adapter's action and chance indices. ``None`` (and no :attr:`adapter`) means the game
    has no AI adapters, and asking for them raises :class:`~millions_rules.ConfigError`."""
    max_moves: Callable[[Any], int] | None = None
    """The most moves (the dealer's included) a game of a config can take, for OpenSpiel's
    ``max_game_length``; ``None`` for the generic adapter's
    :data:`~millions_rules.adapters.DEFAULT_MAX_MOVES`."""
    text: SeatWords | None = None
    """The game's words for one seat, as the text layer, the chat host and the LLM seats
    use them (its notation, menus, status and narration). ``None`` means the game has no
    text layer, and those refuse its views (``bad_value``)."""


@runtime_checkable
class Game(Protocol[ConfigT, StateT, ActionT, ViewT]):
    """One game, as the layers written once for every game see it.

    The type parameters are the game's config, state, action and view types. Every method
    takes the game's own objects and raises its documented errors
    (:class:`~millions_rules.IllegalActionError`, :class:`~millions_rules.ConfigError`,
    :class:`~millions_rules.DeserializationError`, :class:`~millions_rules.LocaleError`).
    """

    @property
    def name(self) -> str:
        """The game's stable name, such as ``"millions"`` or ``"torraku"``."""
        ...

    @property
    def title(self) -> str:
        """The game's title, in English."""
        ...

    @property
    def config_type(self) -> type[ConfigT]:
        """The config class."""
        ...

    @property
    def state_type(self) -> type[StateT]:
        """The state class."""
        ...

    @property
    def view_type(self) -> type[ViewT]:
        """The view class."""
        ...

    @property
    def action_types(self) -> tuple[type[ActionT], ...]:
        """The action classes."""
        ...

    @property
    def player_counts(self) -> range:
        """The numbers of players the game allows."""
        ...

    # --- Config and rules ---------------------------------------------------------------
    def config(self, players: int, *, seed: int = 0, **options: object) -> ConfigT:
        """A config for ``players`` with the game's own ``options`` (its config's fields).

        Raises:
            ConfigError: If a value is out of range or an option unknown.
        """
        ...

    def players_of(self, config: ConfigT) -> int:
        """The number of players of ``config`` (or of what :meth:`config_of` gives of a view)."""
        ...

    def seed_of(self, config: ConfigT) -> int:
        """The seed of ``config``."""
        ...

    def config_of(self, value: object) -> Any:
        """The config of a state (a ``ConfigT``: what a table plays again with new options);
        of a view, the config as its seat may know it, which :meth:`players_of` reads too
        (the built-in games' ``PublicConfig``, without the secret seed; Goofspiel's view
        holds its config): what a replay checks its steps by and a view's observation is
        sized by. Both are hashable and compare by value.

        Raises:
            ConfigError: If ``value`` is no state or view of the game.
        """
        ...

    def new_game(self, config: ConfigT) -> StateT:
        """The first state of a game."""
        ...

    def apply(self, state: StateT, action: ActionT, *, seat: int | None = None) -> StateT:
        """The state after ``action``, checked as ``seat``'s own action if given."""
        ...

    def check(
        self, state: StateT, action: object, *, seat: int | None = None
    ) -> IllegalActionError | None:
        """Why ``action`` is illegal in ``state`` (as ``seat``), or ``None`` if it is legal."""
        ...

    def legal_actions(self, state: StateT, seat: int | None = None) -> tuple[ActionT, ...]:
        """The legal actions of ``seat`` (``None``: of every seat and the dealer)."""
        ...

    def replay(self, config: ConfigT, actions: Sequence[ActionT]) -> StateT:
        """The state ``actions`` lead to from the first state of ``config``."""
        ...

    # --- Who acts, and the end ------------------------------------------------------------
    def version(self, state: StateT) -> int:
        """How many actions led to ``state``."""
        ...

    def actors(self, state: StateT) -> tuple[int, ...]:
        """The seats that may act now, ascending (empty while the dealer acts, or at the end)."""
        ...

    def awaits_dealer(self, state: StateT) -> bool:
        """Whether the game waits for the external dealer (a chance outcome)."""
        ...

    def chance_outcomes(self, state: StateT) -> tuple[tuple[ActionT, float], ...]:
        """The dealer's actions now, each with its probability under the game's model (they
        add up to 1, none is 0); empty unless the game awaits the dealer. The game's
        :meth:`chance` draws from the same model."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning seats, ascending (empty until the end; several share a win)."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Each seat's score, higher is better (see each game's definition)."""
        ...

    # --- What a seat may know -------------------------------------------------------------
    def view(self, state: StateT, seat: int | None, *, since: int = 0) -> ViewT:
        """What ``seat`` (``None``: a spectator) may know, with the events from ``since`` on."""
        ...

    def view_version(self, seen: ViewT) -> int:
        """The version of the state a view was made from."""
        ...

    def view_seat(self, seen: ViewT) -> int | None:
        """The seat a view was made for (``None``: a spectator's)."""
        ...

    def view_events(self, seen: ViewT) -> tuple[object, ...]:
        """The events a view holds (those from its ``since`` on), oldest first."""
        ...

    def sample_state(self, seen: ViewT, seed: int) -> StateT:
        """A playable state that ``seen``'s seat cannot tell from the real one (for search)."""
        ...

    # --- Documents and words --------------------------------------------------------------
    def to_json(self, value: object) -> str:
        """The JSON text of any of the game's types."""
        ...

    def from_json(self, text: str | bytes, cls: type[T]) -> T:
        """A value of ``cls`` read from JSON text, checked as the game's readers check it.

        ``cls`` is one of the game's config, state, view and action types, or the
        ``typing.Union`` of its :attr:`action_types` (a stored or posted action, whichever
        its type: the web table and the chat host read actions so); a game built on
        :class:`~millions_rules.kit.JsonFormat` reads all of them.

        Raises:
            DeserializationError: If the text is no document of ``cls``.
        """
        ...

    def save_game(self, state: StateT, *, tags: Mapping[str, str] | None = None) -> str:
        """The saved record of a game, with ``tags``."""
        ...

    def load_game(self, text: str | bytes) -> StateT:
        """The state a saved record leads to."""
        ...

    def describe(
        self, item: object, names: Sequence[str] | None = None, *, locale: str = "en"
    ) -> str:
        """One event narrated, or one action labelled, in ``locale``."""
        ...

    # --- Tables of bots ---------------------------------------------------------------------
    def pacing(self, state: StateT) -> Pacing[StateT, ViewT, ActionT]:
        """A fresh turn order for a table of bots starting at ``state``."""
        ...

    def chance(self, seed: int) -> Chance[StateT, ActionT]:
        """The table's draws for an external dealer, from ``seed``."""
        ...

    # --- Beyond the rules -------------------------------------------------------------------
    @property
    def companions(self) -> Companions:
        """The game's optional parts (:class:`Companions`; ``Companions()``: none)."""
        ...


def config_with_options(
    config_type: type[ConfigT], title: str, players: int, seed: int, options: Mapping[str, object]
) -> ConfigT:
    """A ``config_type`` (an attrs config class) for ``players`` and ``seed``, its other
    fields from ``options``: what each game's :meth:`~millions_rules.games.Game.config` builds.

    Raises:
        ConfigError: If an option is not a field of ``config_type`` (``title`` names the
            game in the message), or the config refuses a value.
    """
    fields = {field.name for field in attrs.fields(config_type)} - {"players", "seed"}  # type: ignore[arg-type]
    unknown = sorted(set(options) - fields)
    if unknown:
        raise ConfigError(f"unknown option for {title}: {', '.join(unknown)}")
    extra: dict[str, Any] = dict(options)
    return config_type(players, seed=seed, **extra)  # type: ignore[call-arg]


def seats_due(game: Game[Any, StateT, Any, Any], state: StateT) -> tuple[int, ...]:
    """The seats ``game`` waits for in ``state``: its page companion's :attr:`Page.due`
    (Millions' awaited seats, who may all act at once, not a seat that may only pay), else
    :meth:`Game.actors` (Torraku's seat to act, the seats yet to bid in a simultaneous
    game). What the text layer, the chat host and the LLM seats ask a game.
    """
    page = game.companions.page
    due = page.due if page is not None else None
    return tuple(due(state)) if due is not None else tuple(game.actors(state))
