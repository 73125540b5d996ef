# The JSON form of a Vulcanus state (to_dict / load_dict of ext/vulcanus/engine.pyx, included
# there): every field of the C struct VulData under a readable name. rules.md's "JSON format"
# section is generated from this table (python -m vsai.ext.fields). Squares are 0..17 (rules.md,
# Map), seats 0 (Kaiju) and 1..3 (Humans), cards 0..38 (letter groups A, B, C: 9 each; then
# the Kaiju's 12), decks 0..2 (letter groups) and 3 (the Kaiju).
from vsai.ext.fields import FieldTable

_BITS18 = (1 << 18) - 1        # a set of squares, one bit per square

JSON_FIELDS = FieldTable("vulcanus", (
    ("players", "n", 0, VUL_MIN_PLAYERS, VUL_MAX_PLAYERS, "number of players: the Kaiju and 1-3 Humans"),
    ("letter_groups", "ngroups", 0, 2, 3, "letter groups (roles) in play: 2, or 3 with 4 players"),
    ("turn_cap", "turn_cap", 0, 1, VUL_MAX_TURN_CAP, "rounds played at most (the game has 6; X5)"),
    ("disaster", "disaster", 0, -VUL_MAX_DISASTER, VUL_MAX_DISASTER, "disaster level"),
    ("stage", "stage", 0, 0, NUM_STAGES - 1, "the decision or chance step (Stages, above)"),
    ("round_step", "pc", 0, 0, PC_BASE, "where the round flow resumes: 0 round start, 1 after the "
     "event, 2 planning, 3 arrangement, 4 Kaiju planning, 5 next card, 6 next effect, 7 after a "
     "Kaiju card, 8 declaration, 9 Lava phase, 10 Base phase"),
    ("to_act", "cur", 0, -4, 3, "the seat to act at a decision"),
    ("round", "round", 0, 0, NROUNDS, "the round being played, 1..6 (0 during set-up)"),
    ("setup_square", "setup_idx", 0, 0, NSQ, "set-up: the square whose tile is dealt next"),
    ("winner", "winner", 0, -1, 1, "-1 none yet, 0 the Kaiju, 1 the Humans"),
    ("citizens", "cit", NSQ, 0, 200, "per square: citizen markers"),
    ("vips", "vip", NSQ, 0, 4, "per square: VIP markers"),
    ("lava", "lava", NSQ, 0, 400, "per square: lava"),
    ("fire_brigades", "fb", NSQ, 0, FB_TOTAL, "per square: fire brigades"),
    ("sdf_units", "sdf", NSQ, 0, SDF_TOTAL, "per square: SDF units"),
    ("bases", "base", NSQ, 0, 1, "per square: 1 when a base stands there"),
    ("tiles", "tile_at", NSQ, -1, NTILES - 1, "per square: its investigation or omen tile (-1 none)"),
    ("vulcanus_square", "kpos", 0, -1, NSQ - 1, "Vulcanus's square (-1 before it starts)"),
    ("omen_square", "omen_sq", 0, -1, NSQ - 1, "the square of this round's omen (-1 none)"),
    ("defense_track", "defense", DEF_CELLS, 0, 4, "per Defense track cell: 0 empty, 1 citizen, "
     "2 VIP, 3 lava, 4 attack tile"),
    ("damage_track", "damage", DMG_CELLS, 0, TC_BONUS + 7, "per Damage track cell: 0 empty, "
     "1 citizen, 2 VIP, 3 lava, 10 + t destruction bonus tile t"),
    ("defense_filled", "def_filled", 0, 0, DEF_CELLS, "filled cells of the Defense track"),
    ("damage_filled", "dmg_filled", 0, 0, DMG_CELLS, "filled cells of the Damage track"),
    ("attack_tiles_left", "attack_left", 0, 0, NATTACK, "attack tiles in the stock"),
    ("funds_in_pool", "fund_pool", 0, 0, FUND_TOTAL, "funds the Humans may spend"),
    ("funds_used", "fund_used", 0, 0, FUND_TOTAL, "funds spent"),
    ("funds_in_stock", "fund_stock", 0, 0, 4, "funds not yet released by the budget track"),
    ("budget_track", "budget", 0, 0, BUDGET_LEN - 1, "budget request track position (V8)"),
    ("investigation_track", "inv", 0, 0, INV_MAX, "investigation track position (V9)"),
    ("investigation_attack_taken", "inv_attack_done", 0, 0, 1, "1 once the track's last square "
     "gave its attack tile"),
    ("fire_brigades_in_stock", "fb_stock", 0, 0, FB_TOTAL, "fire brigades off the map"),
    ("sdf_units_in_stock", "sdf_stock", 0, 0, SDF_TOTAL, "SDF units off the map"),
    ("bases_in_stock", "base_stock", 0, 0, BASE_TOTAL, "bases off the map"),
    ("lava_taken", "lava_out", 0, 0, 10000, "lava taken from the pools, the endless one included"),
    ("evolutions_pending", "pending_evo", 0, 0, NEVO, "evolution tiles earned, not yet placed"),
    ("evolved", "evolved", 6, 0, 1, "per Kaiju card type: 1 when its evolution tile lies on it"),
    ("full_formed", "full", 0, 0, 1, "1 once Vulcanus is full-formed (the fifth pool is empty)"),
    ("advanced_events_left", "adv_left", 2, 0, 4, "per Advanced event kind: cards left"),
    ("event_kinds", "ev_kind", NROUNDS, -1, 2, "per round: its event (-1 not revealed, 0 normal, "
     "1 two lava, 2 lava and an adjacent one)"),
    ("bonus_tile_places", "bonus_loc", NBONUS, 0, 4, "per destruction bonus tile: 0 box, 1 the "
     "Kaiju's hand, 2 put back, 3 declared, 4 drawn at set-up"),
    ("bonus_tiles_drawn", "bonus_drawn", 0, 0, BONUS_DRAW, "bonus tiles drawn at set-up"),
    ("roles", "role", 3, -1, NROLES - 1, "per letter group: its role (-1 not chosen)"),
    ("group_slots", "perm", 3, 0, 2, "per letter group: the slot set it plans into (arrangement)"),
    ("card_types", "ctype", NCARDS, 0, 6, "per card: its type within its deck"),
    ("card_zones", "zone", NCARDS, 0, 5, "per card: 0 not in the game, 1 deck, 2 hand, "
     "3 set aside, 4 discard, 5 planning board"),
    ("card_positions", "pos", NCARDS, 0, 1000, "per card: its deck layer (zone 1) or slot (zone 5)"),
    ("card_knowledge_blocks", "blk", NCARDS, -1, NCARDS - 1, "per card: -1 its type is public, "
     "else the block of cards whose types are known only together"),
    ("record_drawn", "hx", 144, 0, 12, "public record, at (deck*6 + round-1)*6 + layer: cards "
     "drawn that round from that deck layer"),
    ("record_redrawn", "hm", 144, 0, 12, "public record, at (deck*6 + round-1)*6 + epoch: cards "
     "set aside and redrawn after that draw epoch"),
    ("record_planned_epoch", "hk", 72, -1, 5, "public record, at (deck*6 + round-1)*3 + k: the "
     "draw epoch in which the k-th card was planned (-1 not yet)"),
    ("record_revealed_type", "hv", 72, -1, 6, "public record, at (deck*6 + round-1)*3 + k: that "
     "card's type once revealed (-1 hidden)"),
    ("next_deck_layer", "next_layer", 4, 1, NROUNDS, "per deck: the layer its next discards form"),
    ("slot_cards", "slot_card", 9, -1, NCARDS - 1, "per planning-board slot: its card (-1 empty)"),
    ("planning_group", "group_i", 0, 0, 3, "planning: the letter group planning"),
    ("drawing_deck", "draw_deck", 0, 0, 3, "the deck being drawn from"),
    ("draws_left", "draw_left", 0, 0, 12, "cards still to draw"),
    ("cards_planned", "placed", 0, 0, 3, "cards the current deck has planned this round"),
    ("slot", "slot", 0, 0, 9, "Execution: the slot being executed"),
    ("actor", "actor", 0, 0, 3, "the seat whose card is executed"),
    ("effect_queue", "eff_q", 3, -1, E_KAIJU + 5, "effects of the executed card, in order (human "
     "effects 0..9, Kaiju effects 100 + card type; -1 none)"),
    ("effect_additional_queue", "eff_addq", 3, 0, 1, "per queued effect: 1 with its Additional effect"),
    ("effects_queued", "eff_n", 0, 0, 3, "effects in effect_queue"),
    ("effect_index", "eff_i", 0, 0, 3, "the next effect of effect_queue"),
    ("effect_additional", "eff_add", 0, 0, 1, "1 when the current effect has its Additional effect"),
    ("unlocked_fire_fighting", "u_ff", 0, 0, 1, "this card: Fire fighting's Additional unlocked (V9)"),
    ("unlocked_second_command", "u_cmd2", 0, 0, 1, "this card: Operation Approved, two commands (V9)"),
    ("unlocked_special", "u_spec", 0, 0, 1, "this card: the Special cards' Additional unlocked (V9)"),
    ("kaiju_card_full_formed", "k_full", 0, 0, 1, "this Kaiju card began with Vulcanus full-formed"),
    ("steps_left", "steps", 0, 0, 2, "moves left in a two-step effect"),
    ("fire_fought_by_brigades", "ff_fb", NSQ, 0, FB_TOTAL, "Fire fighting: per square, brigades "
     "that fought there"),
    ("fire_fought_by_bases", "ff_base", 0, 0, _BITS18, "Fire fighting: squares whose base fought"),
    ("mobilized_bases", "mob_used", 0, 0, _BITS18, "Mobilization: squares whose base mobilized"),
    ("commands_used", "cmd_used", 0, 0, 7, "Commands to SDF: bit per command given"),
    ("commands_given", "cmd_count", 0, 0, 2, "Commands to SDF: commands given"),
    ("substep_square", "sub_sq", 0, 0, NSQ - 1, "the square of an evacuation or investigation"),
    ("substep_context", "ctx", 0, 0, 1, "what led there: 0 the Base phase, 1 a command"),
    ("first_square", "first_sq", 0, -1, NSQ - 1, "Lava flow: the square of the first lava (-1 none)"),
    ("helicopter_source", "heli_src", 0, -1, NSQ - 1, "Fire helicopter: the brigade's square (-1 none)"),
    ("lava_phase_square", "lava_sq", 0, 0, NSQ, "Lava phase: the next square to resolve"),
    ("victims_left", "kills_left", 0, -1, 400, "Lava phase: victims still to choose there (-1 not counted)"),
    ("bases_done", "base_done", 0, 0, _BITS18, "Base phase: squares whose base acted"),
))

# JSON version 2 wrote the struct's own names; version 3 the readable names above.
_V2_NAMES = {f.struct: f.name for f in JSON_FIELDS.fields}


def upgrade_v2_state(state: dict) -> dict:
    """A version-2 state object under the version-3 names (only the names changed)."""
    if not isinstance(state, dict):
        return state        # the loader refuses it with its own message
    return {_V2_NAMES.get(key, key): value for key, value in state.items()}
