# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Godzilla (ゴジラ, Arclight 2022) for 2-5 players: the rules engine.

Rules summary: ../shared/rules/original/002_122c2c0a700e9ff9.txt (English:
../shared/rules/godzilla.en.md); gaps filled as in ../shared/rules/GAPS.md section 3 (G1..G19)
and section 0 (X1..X7), cited by ID in the code. ext/godzilla/rules.md maps every rule to its
code and tests and gives the action encoding and the JSON format.

Files: data.pxd (the map, cards and counts, the stages, the state struct), rules.pxi (rule
helpers the stages share: set-up, the turn flow, destruction, scoring, evaluation), stages.pxi
(per stage its legal moves and its move, per chance stage its outcomes, and the dispatch),
codec.pxi (action families, names, texts), hidden.pxi (nothing is hidden from one seat),
state_json.pxi (the JSON field table and the loader's checks), state_view.pxi (texts,
observation tensor, view, action_info), and actions.pxd (the action ids), logic.pyx (the
struct's class and the protocol: what a search runs, compiled at -O3), this file (the
GodzillaState class, the Python API, compiled at -O1).

Seat 0 is the Kaiju; seats 1..n-1 are the humans, who hold the four governors as evenly as
possible (G14) and win or lose together. Team decisions (support cards, the press
conference) are taken by the Tokyo governor's seat; the planning phase passes from seat to
seat, each playing its own governors' Vehicle procurement cards; each seat moves its
governors' Evacuees and the Tokyo seat the Press pieces (G14).

Information (GAPS 3.2): what is hidden is hidden from everyone - the future status and support
cards, the route-tile pile order, the Press deck and the kinds of the Press cards won. The
engine never fixes any of it before it is seen: each is a chance node at the moment it is
turned up (X3), the Press cards won included (they are only counted during play and turned
over, one chance node each, at scoring). The state therefore holds nothing any seat cannot
see, every observation is the whole state, and resampling has nothing to redraw. Screens are
public by X4. Dice and bag draws are chance nodes with exact probabilities: a roll is one
chance node over the multiset of faces (at most C(11, 5) = 462 outcomes for 6 dice).
"""
include "vsai/ext/tables_begin.pxi"

cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.godzilla.data cimport *
from vsai.ext.godzilla.actions cimport *
from vsai.ext.godzilla.logic cimport *

from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.fields import FieldTable
from vsai.ext.values import action_id, check_flag, check_param, whole_number

include "codec.pxi"
include "state_json.pxi"
include "state_view.pxi"

# Parameters (X5, G14): the spec's Params, __init__'s guard and the JSON ranges use these.
MIN_PLAYERS = GZ_MIN_PLAYERS
MAX_PLAYERS = GZ_MAX_PLAYERS
MAX_TURN_CAP = GZ_MAX_TURN_CAP
# The game ends by itself after 6 rounds and the return round. The X5 cap is the number of
# ordinary rounds played before the return round (shorter games for tests and quick play);
# 6 or more plays the whole game.
DEFAULT_TURN_CAP = NROUNDS
NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node: an evacuation step (at most 19 source squares x 18
# destinations, the Kaiju's square excluded, + done = 343); planning offers 4 x 29 + 2.
MAX_BRANCHING = 343
# Decisions per round, generously: support (3 cards + done + 2 x 4 placements + 3 tank moves
# + done), omen (5), planning (placements are bounded by the 36 tiles; 4 vehicles; a done
# per human seat),
# execution (4 rerolls, 2 groups, order, 7 steps, ray, 5 awakenings), evacuation (one move per
# piece: 40 Evacuees + 6 Press pieces, 5 dones), press conference (1).
DECISIONS_PER_ROUND = 20 + 5 + 4 + 20 + 51 + 1
MAX_GAME_LENGTH = (NROUNDS + 1) * DECISIONS_PER_ROUND + 36 + VEHICLE_CARDS
# seat, stage, round, Kaiju square; squares; roads; bag, pile, stock; status cards (used, per
# round); support cards; vehicles, planner; counters; placement square; dice; screens; press
# cards; last round
OBSERVATION_SIZE = (6 + NUM_STAGES + NROUNDS + 1 + NSQ + NSQ * 11 + NROADS * 11 + 12
                    + NSTATUS + NROUNDS * NSTATUS + NSUPPORT * 3 + NCOL + 5 + 23 + NSQ + 6
                    + 17 + 18 + 1)


cdef class GodzillaState(GodzillaLogic):
    """A state of Godzilla: one Kaiju (seat 0) against 1-4 human seats."""

    GAME_NAME = "godzilla"

    def __init__(self, players: int = 2, turn_cap: int = DEFAULT_TURN_CAP,
                 evacuee_bonus: int = EVAC_BONUS, press_piece_counts: bool = bool(PRESS_PIECE_COUNTS),
                 press_every_home: bool = bool(PRESS_EVERY_HOME), status_squares: int = STATUS_SET,
                 vehicle_tiles: int = VEHICLE_TILES,
                 barrier_tiles: int = HV_PER_CARD, air_strike_dice: int = AIR_STRIKE_DICE,
                 press_conference_cards: int = PRESS_CONF_CARDS, road_gaps: int = ROAD_GAPS,
                 extra_gap: int = EXTRA_GAP):
        init_data(&self.d, check_param("players", players, GZ_MIN_PLAYERS, GZ_MAX_PLAYERS),
                  check_param("turn_cap", turn_cap, 1, GZ_MAX_TURN_CAP))
        given = dict(evacuee_bonus=evacuee_bonus, status_squares=status_squares,
                     vehicle_tiles=vehicle_tiles, barrier_tiles=barrier_tiles,
                     air_strike_dice=air_strike_dice, press_conference_cards=press_conference_cards,
                     road_gaps=road_gaps, extra_gap=extra_gap)
        v = {name: check_param(name, value, OPTIONS[name][1], OPTIONS[name][2])
             for name, value in given.items()}
        set_options(&self.d, v["evacuee_bonus"], check_flag("press_piece_counts", press_piece_counts),
                    check_flag("press_every_home", press_every_home), v["status_squares"],
                    v["vehicle_tiles"], v["barrier_tiles"], v["air_strike_dice"],
                    v["press_conference_cards"], v["road_gaps"], v["extra_gap"])

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": rounds before the return round, and the G20 options}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap,
                "evacuee_bonus": self.d.opt_evac_bonus,
                "press_piece_counts": bool(self.d.opt_press_piece),
                "press_every_home": bool(self.d.opt_press_homes),
                "status_squares": self.d.opt_status, "vehicle_tiles": self.d.opt_vehicle,
                "barrier_tiles": self.d.opt_barrier, "air_strike_dice": self.d.opt_air,
                "press_conference_cards": self.d.opt_conf, "road_gaps": self.d.opt_gaps,
                "extra_gap": self.d.opt_one_gap}

    def scores(self) -> list:
        """Points behind each side's screen: the Kaiju's for seat 0, the humans' (with the
        Press cards turned over so far) for every human seat (G13)."""
        k, h = kaiju_points(&self.d), human_points(&self.d)
        return [k] + [h] * (self.d.n - 1)

    def governors(self, seat: int) -> list:
        """The governors (colours 0..3) a human seat holds (G14); [] for the Kaiju."""
        p = self._seat(seat)
        return [] if p == 0 else [g for g in range(NCOL) if seat_of(&self.d, g) == p]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data: every struct field under its readable name
        (state_json.pxi, rules.md "JSON format")."""
        return JSON_FIELDS.dump(self.d)

    @staticmethod
    def upgrade_v2(state: dict, params: dict) -> dict:
        """A version-2 state object (the struct's own names) in version 3's form."""
        return state_v3_from_v2(state, params)

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed or
        not a position the game can reach."""
        options = {name: value for name, value in self.params().items() if name in OPTIONS}
        data = with_options(data, options)
        check_fields(data, self.d.n, self.d.turn_cap, self.d.last, options)
        backup = self._raw_bytes()
        self.d = JSON_FIELDS.load(data, self.d)
        try:
            check_reachable(&self.d)
        except ValueError:
            self._set_raw_bytes(backup)
            raise

    # ------------------------------------------------------------------ texts and views
    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        return action_text(&self.d, action_id(action))

    # the view's hooks (state_view.pxi; the base class builds the common keys)
    def _view_phase(self) -> str:
        return STAGE_NAMES[self.d.stage]

    def _view_round(self) -> int:
        return self.d.round

    def _view_seat(self, i: int) -> tuple:
        return view_seat(i)

    def _view_score(self, i: int, seat) -> int:
        return self.scores()[i]

    def _view_board(self, seat) -> dict:
        return view_board(&self.d)

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here as JSON-able data (rules.md, "View"): `action`,
        `text`, `kind` and the fields of that kind (roads and squares by name)."""
        info = State.action_info(self, action)
        info.update(action_fields(&self.d, info["action"]))
        return info

    def observation_string(self, player: int) -> str:
        """What `player` sees: the whole state (nothing in it is hidden, hidden.pxi) and who
        they are."""
        return observation_text(&self.d, self._seat(player))

    def observation_tensor(self, player: int):
        """What `player` sees as a float32 vector of OBSERVATION_SIZE (state_view.pxi)."""
        return observation_vector(&self.d, self._seat(player))

    def __str__(self) -> str:
        """The whole board."""
        return "\n".join(board_lines(&self.d))
