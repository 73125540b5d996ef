"""Every vsai game as an OpenSpiel game: `pyspiel.load_game("vsai_kilauea", {"players": 3})`.

    >>> import pyspiel
    >>> from vsai.core import openspiel
    >>> openspiel.register()            # also done on import; idempotent
    >>> game = pyspiel.load_game("vsai_kilauea(players=3)")

The wrapper is thin: a wrapped state holds one vsai state, and everything (legal actions,
chance outcomes, returns, observations, cloning) is delegated to it. The game's parameters
are the vsai game's (`players` and its variants), with the same defaults and checks.

What OpenSpiel sees:
- dynamics sequential, chance explicit (the set-up is a series of chance nodes), rewards
  terminal, utility constant-sum: returns are win shares in [0, 1] that sum to 1;
- perfect information for games with nothing hidden after set-up, imperfect otherwise;
- observation and information-state strings and tensors through `make_py_observer`, built
  from the vsai state's own `observation_*` / `information_state_*` functions, so a
  player's view never depends on what that player cannot see;
- `resample_from_infostate(player, sampler)` redeals what `player` cannot see with the
  vsai state's `resample` (the seed is drawn from `sampler`), so OpenSpiel's Python
  `ISMCTSBot` plays the hidden-information games;
- serialization (`pyspiel.serialize_game_and_state`) stores the vsai JSON of the state.

Known limit (open_spiel 2.0.2): OpenSpiel's C++ bots `pyspiel.MCTSBot` and
`pyspiel.ISMCTSBot` crash with a segmentation fault on every Python-implemented game,
OpenSpiel's own `python_kuhn_poker` included. Use OpenSpiel's Python bots
(`open_spiel.python.algorithms.mcts.MCTSBot`, `...ismcts.ISMCTSBot`) with vsai games,
or vsai's own agents (much faster). See docs/openspiel.md.

A wrapped state's history: OpenSpiel records the actions applied through the wrapper. A
state made by `wrap_state` from a vsai state starts with an empty history, and a state
from `resample_from_infostate` keeps the history of the state it was drawn from (the
redealt hidden chance outcomes are not rewritten), so histories are for display only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np
import pyspiel

from vsai.core.game import Game as _VsaiGame
from vsai.core.registry import get_spec, list_games, load_game, state_from_json

if TYPE_CHECKING:
    from vsai.ext.state import State

PREFIX = "vsai_"

_REGISTERED: dict[str, pyspiel.GameType] = {}


# ---------------------------------------------------------------------------- game type
def game_type(name: str) -> pyspiel.GameType:
    """The OpenSpiel GameType of the vsai game `name` (short name "vsai_<name>")."""
    spec = get_spec(name)
    info = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if spec.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION)
    return pyspiel.GameType(
        short_name=PREFIX + spec.name,
        long_name=f"vsai {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec.defaults())


def register() -> list[str]:
    """Register every vsai game with pyspiel as "vsai_<name>"; returns the short names.

    Idempotent: a game already registered (by this or an earlier call) is left alone.
    """
    known = set(pyspiel.registered_names())
    for name in list_games():
        short = PREFIX + name
        if short not in _REGISTERED and short not in known:
            kind = game_type(name)
            pyspiel.register_game(kind, _game_class(name))
            _REGISTERED[short] = kind
        elif short not in _REGISTERED:
            _REGISTERED[short] = game_type(name)
    return sorted(_REGISTERED)


def _game_class(name: str) -> type:
    # A class, not a closure: pyspiel keeps the factory in a C++ static that is destroyed
    # after Python shuts down, and dropping the last reference to a closure there aborts
    # the interpreter at exit (a class is never freed by that last decref).
    return type(f"OpenSpielGame_{name}", (OpenSpielGame,), {"VSAI_NAME": name})


def load(name: str, **params: Any) -> "OpenSpielGame":
    """The pyspiel game of the vsai game `name` ("name" or "vsai_name") with params."""
    register()
    if name.startswith(PREFIX):
        name = name[len(PREFIX):]
    return pyspiel.load_game(PREFIX + name, params) if params else pyspiel.load_game(PREFIX + name)


def _load_with_params(name: str, params: dict) -> "OpenSpielGame":
    return load(name, **params)


def to_openspiel(game: _VsaiGame) -> "OpenSpielGame":
    """The pyspiel game with the same name and parameters as the vsai `game`."""
    return load(game.name, **game.get_parameters())


# ---------------------------------------------------------------------------- game
class OpenSpielGame(pyspiel.Game):
    """A vsai game seen by OpenSpiel. `vsai_game` is the wrapped `vsai.core.Game`.

    Made by `pyspiel.load_game("vsai_<name>", params)` (one subclass per game, which sets
    VSAI_NAME); the parameters are checked by the vsai game (ValueError when wrong).
    """

    VSAI_NAME = ""

    def __init__(self, params: dict | None = None):
        vsai_game = load_game(self.VSAI_NAME, **dict(params or {}))
        self.vsai_game = vsai_game
        params = vsai_game.get_parameters()
        kind = _REGISTERED.get(PREFIX + vsai_game.name) or game_type(vsai_game.name)
        info = pyspiel.GameInfo(
            num_distinct_actions=vsai_game.num_distinct_actions(),
            max_chance_outcomes=vsai_game.max_chance_outcomes(),
            num_players=vsai_game.num_players(),
            min_utility=vsai_game.min_utility(),
            max_utility=vsai_game.max_utility(),
            utility_sum=1.0,
            max_game_length=vsai_game.max_game_length())
        super().__init__(kind, info, params)
        # New states clone this one: one memcpy instead of re-running the constructor.
        self._initial = vsai_game.new_initial_state()
        self._tensor_size = {
            False: len(self._initial.observation_tensor(0)),
            True: len(self._initial.information_state_tensor(0)),
        }

    def __reduce__(self):
        # Pickles as its name and parameters, like OpenSpiel's own Python games (the class is
        # made per game at registration, so it cannot be pickled by reference).
        return (_load_with_params, (self.VSAI_NAME, self.vsai_game.get_parameters()))

    def new_initial_state(self, *args: Any) -> "OpenSpielState":
        """The state before set-up (the first chance node)."""
        if args:
            raise ValueError("vsai games start from their set-up chance nodes; "
                             "use wrap_state or state_from_json for another start")
        return OpenSpielState(self, self._initial.clone())

    def wrap_state(self, vsai_state: State) -> "OpenSpielState":
        """A pyspiel state holding (a clone of) `vsai_state`, a state of this game."""
        if getattr(vsai_state, "GAME_NAME", None) != self.vsai_game.name:
            raise ValueError(f"not a {self.vsai_game.name} state: {type(vsai_state).__name__}")
        if vsai_state.params() != self.vsai_game.get_parameters():
            raise ValueError(f"the state has parameters {vsai_state.params()}, "
                             f"the game has {self.vsai_game.get_parameters()}")
        return OpenSpielState(self, vsai_state.clone())

    def state_from_json(self, text: str) -> "OpenSpielState":
        """A pyspiel state from vsai JSON (`state.to_json()` of either kind of state)."""
        return OpenSpielState(self, self.vsai_game.state_from_json(text))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict | None = None) -> "VsaiObserver":
        """OpenSpiel's observer: the default observation or the information state."""
        if params:
            raise ValueError(f"vsai observers take no parameters; got {dict(params)}")
        perfect_recall = _check_obs_type(iig_obs_type, self.vsai_game.has_hidden_information())
        return VsaiObserver(perfect_recall, self._tensor_size[perfect_recall])


def _check_obs_type(iig_obs_type: Any, hidden: bool) -> bool:
    """True for the information state, False for the observation; ValueError otherwise.

    Supported: one player's view (private_info SINGLE_PLAYER, public_info True), and on
    perfect-information games ALL_PLAYERS too (nothing is private). vsai views are written
    from the observer's seat, so there is no player-independent public observation (NONE).
    """
    if iig_obs_type is None:
        return False
    private = iig_obs_type.private_info
    if not iig_obs_type.public_info:
        raise ValueError("vsai games provide no private-only observation (public_info=False)")
    if private == pyspiel.PrivateInfoType.NONE:
        raise ValueError("vsai games provide no public-only observation (private_info=NONE): "
                         "views are written from the observer's seat")
    if hidden and private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
        raise ValueError("vsai games with hidden information provide one player's view only "
                         "(private_info=SINGLE_PLAYER)")
    return bool(iig_obs_type.perfect_recall)


class VsaiObserver:
    """OpenSpiel's Python observer interface over a vsai state's observation functions.

    `tensor` is one flat float32 array, also exposed as `dict["observation"]` (or
    `dict["info_state"]` for the information state).
    """

    def __init__(self, perfect_recall: bool, size: int):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: "OpenSpielState", player: int) -> None:
        """Write `player`'s view of `state` into `tensor`."""
        inner = state.vsai_state
        values = (inner.information_state_tensor(player) if self.perfect_recall
                  else inner.observation_tensor(player))
        self.tensor[:] = values

    def string_from(self, state: "OpenSpielState", player: int) -> str:
        """`player`'s view of `state` as text."""
        inner = state.vsai_state
        return (inner.information_state_string(player) if self.perfect_recall
                else inner.observation_string(player))


# ---------------------------------------------------------------------------- state
class _Held:
    """Holds the vsai state inside a wrapped state's __dict__.

    OpenSpiel clones a Python state by deep-copying its __dict__ and serializes it by
    pickling __dict__: this holder makes the first a vsai clone and the second vsai JSON.
    """

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple:
        return (_held_from_json, (self.state.to_json(),))


def _held_from_json(text: str) -> _Held:
    return _Held(state_from_json(text))


class OpenSpielState(pyspiel.State):
    """A vsai state seen by OpenSpiel. `vsai_state` is the wrapped state (live, not a copy)."""

    def __init__(self, game: OpenSpielGame, vsai_state: State):
        super().__init__(game)
        self._held = _Held(vsai_state)

    @property
    def vsai_state(self) -> State:
        """The wrapped vsai state."""
        return self._held.state

    # OpenSpiel's Python-game interface.
    def current_player(self) -> int:
        """The player to act, pyspiel.PlayerId.CHANCE (-1) or TERMINAL (-4)."""
        return self._held.state.current_player()

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._held.state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[(outcome, probability), ...] at a chance node."""
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._held.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.state.action_to_string(int(action))

    def returns(self) -> list[float]:
        """Win shares at the end (sum 1), zeros before."""
        return self._held.state.returns()

    def __str__(self) -> str:
        return str(self._held.state)

    # Direct paths for what search calls at every node: the same results as OpenSpiel's C++
    # route (which calls back into Python several times per call), several times faster.
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (chance outcomes at a chance node, whoever asks, as in
        OpenSpiel's Python games); [] for a player who is not to act."""
        inner = self._held.state
        if player is not None and player != inner.current_player() and not inner.is_chance_node():
            return []
        return inner.legal_actions()

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self._held.state.is_chance_node()

    def is_player_node(self) -> bool:
        """True when a player (not chance) acts next."""
        return self._held.state.is_player_node()

    def information_state_string(self, player: int | None = None) -> str:
        """What `player` (default: the player to act) knows, as text."""
        return self._held.state.information_state_string(self._seat(player))

    def observation_string(self, player: int | None = None) -> str:
        """What `player` (default: the player to act) sees, as text."""
        return self._held.state.observation_string(self._seat(player))

    def _seat(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not (0 <= player < self.num_players()):
            raise ValueError(f"player {player} is not a seat of this "
                             f"{self.num_players()}-player game")
        return player

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float] | None = None
                                ) -> "OpenSpielState":
        """A state drawn from those `player_id` cannot tell from this one (vsai `resample`).

        The seed is drawn from `probability_sampler` (a callable returning a float in
        [0, 1), e.g. `pyspiel.UniformProbabilitySampler(0., 1.)`); without one, from
        numpy's global generator.
        """
        u = probability_sampler() if probability_sampler is not None else np.random.random()
        seed = int(float(u) * 2.0 ** 53)
        other = self.clone()
        other._held = _Held(self._held.state.resample(self._seat(player_id), seed))
        return other


register()
