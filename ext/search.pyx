# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Search kernels in C: UCT (MCTS), SO-ISMCTS and MO-ISMCTS over the engine protocol.

One `Searcher` holds the search trees (pools of C nodes with integer keys), a few scratch
states allocated once, and its own random stream. `run()` releases the GIL around the
iteration loop; everything inside it is C: `copy_state` into the scratch state, the game's
`c_*` methods, tree walks over malloc'ed arrays.

Modes:
- MCTS: plain UCT on the true state (chance sampled by its probabilities, edges keyed by the
  actual action or outcome, UCB with the parent's visit count).
- SO (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): each iteration starts from
  a new determinization `c_resample(root player)`; one tree of the root player's information
  sets; player moves keyed by the action, chance outcomes by `c_action_key(root player, .)`;
  UCB with availability counts.
- MO (multiple-observer ISMCTS): one tree per player, each keyed by `c_action_key(owner, .)`,
  so moves an observer cannot tell apart share one node in that observer's tree; the acting
  player's tree chooses, all trees descend together.

Returns are backed up as the whole vector: at a node, the player to act maximises their own
mean return.
"""
import enum

from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy
from libc.math cimport sqrt, log
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from vsai.ext.rng cimport Rng, rng_seed, rng_below, rng_uniform
from vsai.ext.state cimport (State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER,
                             MAX_ACTIONS, MAX_PLAYERS)

cdef enum:
    MCTS = 0
    SO = 1
    MO = 2
    RANDOM_PLAYOUT = 0
    HEURISTIC_PLAYOUT = 1
    CLOCK_EVERY = 8         # iterations between clock reads when a deadline is set
    COMPACT_FIRST = 4096    # tree size of the first breadth-first layout (then at each doubling)
    LOG_TABLE = 4096        # log(n) of the small counts, looked up in UCB instead of computed



# The enums' values are the C constants above (a class body cannot read them by the same names).
SearchMode = enum.IntEnum("SearchMode", {"MCTS": MCTS, "SO": SO, "MO": MO}, module=__name__)
SearchMode.__doc__ = """How a `Searcher` searches (module docstring): plain UCT on the true
state, or single- or multiple-observer ISMCTS. An int, as the C kernel takes it."""

Playout = enum.IntEnum("Playout", {"RANDOM": RANDOM_PLAYOUT, "HEURISTIC": HEURISTIC_PLAYOUT},
                       module=__name__)
Playout.__doc__ = """How a `Searcher` plays a leaf out: uniformly random moves, or the game's
heuristic (epsilon-greedy one-ply look-ahead). An int, as the C kernel takes it."""


# The members under their older flat names, for callers written before the enums.
MODE_MCTS = SearchMode.MCTS
MODE_SO = SearchMode.SO
MODE_MO = SearchMode.MO
PLAYOUT_RANDOM = Playout.RANDOM
PLAYOUT_HEURISTIC = Playout.HEURISTIC

ctypedef struct Node:
    int first_child         # children form a list sorted by key; -1 = none
    int next_sibling
    int key                 # the edge from the parent, as the tree's owner sees it
    int action              # one actual action (or outcome) with that key
    int visits
    int avail               # times this edge was available when its parent was visited
    # Sums of returns of every player. Only the game's players' entries are stored: a tree's
    # nodes are `Tree.stride` bytes apart (node_at), not sizeof(Node), so a 2-player tree's
    # node takes 40 bytes instead of 72 and UCB's scan of siblings reads fewer cache lines.
    double value[MAX_PLAYERS]


ctypedef struct Tree:
    char* nodes             # node i at nodes + i * stride (node_at)
    size_t stride           # bytes per node: Node's ints and one value per player
    int num_values          # the players' values a node stores
    int size
    int capacity
    int max_nodes
    int* path               # node indices visited in the current iteration
    int path_len
    int path_cap
    int cur                 # current node while descending; -1 once the tree stopped
    int compact_at          # size at which the nodes are next laid out again (tree_compact)


# log(n) for n < LOG_TABLE, filled by libm's own log at import, so a lookup gives the very
# value log(n) would (ISMCTS's UCB takes a log of each child's availability count).
cdef double LOG_SMALL[LOG_TABLE]
LOG_SMALL[0] = log(0.0)
for _n in range(1, LOG_TABLE):
    LOG_SMALL[_n] = log(<double>_n)


cdef inline double log_count(int n) noexcept nogil:
    """log(n) of a count n >= 0, from the table when small."""
    if n < LOG_TABLE:
        return LOG_SMALL[n]
    return log(<double>n)


cdef inline Node* node_at(Tree* t, int i) noexcept nogil:
    """Node `i` of tree `t`."""
    return <Node*>(t.nodes + <size_t>i * t.stride)


cdef inline double now_seconds() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef bint tree_init(Tree* t, int max_nodes, int num_values) noexcept nogil:
    t.capacity = 1024
    t.max_nodes = max_nodes
    # Node's fields up to its values, then num_values of them (a multiple of 8 bytes).
    t.num_values = num_values
    t.stride = sizeof(Node) - (MAX_PLAYERS - num_values) * sizeof(double)
    t.nodes = <char*>malloc(t.capacity * t.stride)
    t.path_cap = 256
    t.path = <int*>malloc(t.path_cap * sizeof(int))
    t.path_len = 0
    t.size = 0
    t.cur = 0
    t.compact_at = COMPACT_FIRST
    if t.nodes == NULL or t.path == NULL:
        return False
    tree_add_node(t, -1, 0, -1)     # the root
    return True


cdef void tree_free(Tree* t) noexcept nogil:
    free(t.nodes)
    free(t.path)
    t.nodes = NULL
    t.path = NULL
    t.size = 0


cdef void tree_compact(Tree* t) noexcept nogil:
    """Lay the nodes out again breadth first, each node's children side by side in key order.

    Children are added one at a time, wherever the pool ends, so a node's siblings end up
    scattered over a large tree, and UCB's scan of them waits on memory at every step. Run
    between iterations (no node index is held then but the root's, which stays 0); the tree's
    contents, links in key order and statistics are unchanged, so is every choice. Run each
    time the tree doubles, it copies each node about twice over the search.
    """
    cdef char* out = <char*>malloc(t.capacity * t.stride)
    cdef size_t stride = t.stride
    cdef int head = 0, tail = 1, c, after
    cdef Node* node
    if out == NULL:
        return      # keep the old layout: only speed depends on it
    memcpy(out, t.nodes, stride)
    while head < tail:
        node = <Node*>(out + <size_t>head * stride)
        c = node.first_child            # still an old index until rewritten here
        if c != -1:
            node.first_child = tail
            while c != -1:
                after = node_at(t, c).next_sibling
                node = <Node*>(out + <size_t>tail * stride)
                memcpy(node, node_at(t, c), stride)
                node.next_sibling = tail + 1 if after != -1 else -1
                tail += 1
                c = after
        head += 1
    free(t.nodes)
    t.nodes = out


cdef int tree_add_node(Tree* t, int prev, int key, int action) noexcept nogil:
    """A new node (not yet linked); -1 when the tree is full or memory runs out."""
    cdef char* grown
    cdef Node* node
    cdef int i, k, capacity
    if t.size >= t.max_nodes:
        return -1
    if t.size == t.capacity:
        capacity = t.capacity * 2
        if capacity > t.max_nodes:
            capacity = t.max_nodes
        grown = <char*>realloc(t.nodes, capacity * t.stride)
        if grown == NULL:
            return -1
        t.nodes = grown
        t.capacity = capacity
    i = t.size
    t.size += 1
    node = node_at(t, i)
    node.first_child = -1
    node.next_sibling = -1
    node.key = key
    node.action = action
    node.visits = 0
    node.avail = 0
    for k in range(t.num_values):
        node.value[k] = 0.0
    return i


cdef int tree_insert_child(Tree* t, int parent, int key, int action) noexcept nogil:
    """A new child of `parent` with `key` (which must be absent), linked in key order."""
    cdef int prev = -1
    cdef int c = node_at(t, parent).first_child
    while c != -1 and node_at(t, c).key < key:
        prev = c
        c = node_at(t, c).next_sibling
    cdef int node = tree_add_node(t, -1, key, action)
    if node < 0:
        return -1
    node_at(t, node).next_sibling = c
    if prev == -1:
        node_at(t, parent).first_child = node
    else:
        node_at(t, prev).next_sibling = node
    return node


cdef int tree_child(Tree* t, int parent, int key, int action, bint* created) noexcept nogil:
    """The child of `parent` with `key`, added when missing (-1 when the tree is full)."""
    cdef int c = node_at(t, parent).first_child
    while c != -1 and node_at(t, c).key < key:
        c = node_at(t, c).next_sibling
    if c != -1 and node_at(t, c).key == key:
        created[0] = False
        return c
    created[0] = True
    return tree_insert_child(t, parent, key, action)


cdef bint tree_push(Tree* t, int node) noexcept nogil:
    cdef int* grown
    if t.path_len == t.path_cap:
        grown = <int*>realloc(t.path, 2 * t.path_cap * sizeof(int))
        if grown == NULL:
            return False
        t.path = grown
        t.path_cap *= 2
    t.path[t.path_len] = node
    t.path_len += 1
    return True


cdef void sort_by_key(int* keys, int* actions, int n) noexcept nogil:
    """Insertion sort of (key, action) pairs by key then action; inputs are nearly sorted."""
    cdef int i, j, k, a
    for i in range(1, n):
        k = keys[i]
        a = actions[i]
        j = i - 1
        while j >= 0 and (keys[j] > k or (keys[j] == k and actions[j] > a)):
            keys[j + 1] = keys[j]
            actions[j + 1] = actions[j]
            j -= 1
        keys[j + 1] = k
        actions[j + 1] = a


cdef class Searcher:
    """One search from one root: trees, scratch states and a seeded random stream.

    Searcher(root, mode, seed, exploration=0.7, playout=Playout.RANDOM, cutoff=0,
             epsilon=0.1, max_nodes=2_000_000)

    `mode` is a `SearchMode` and `playout` a `Playout` (or their int values).

    The root must be a player node. In the ISMCTS modes the root state is only ever used
    through `c_resample(root player)`, so the search sees nothing the root player cannot.
    """

    cdef State root
    cdef State scratch
    cdef State probe            # for one-ply look-ahead in heuristic playouts
    cdef int mode
    cdef int root_player
    cdef int num_players
    cdef int num_trees
    cdef Tree trees[MAX_PLAYERS]
    cdef Rng rng
    cdef double exploration
    cdef int playout
    cdef int cutoff
    cdef double epsilon
    cdef long total_iterations
    cdef bint ready
    # Weighted worlds (set_worlds): the ISMCTS modes draw each iteration's world among them.
    cdef char* worlds
    cdef double* world_cum
    cdef int num_worlds

    def __cinit__(self):
        cdef int t
        self.num_trees = 0
        self.ready = False
        self.worlds = NULL
        self.world_cum = NULL
        self.num_worlds = 0
        for t in range(MAX_PLAYERS):
            self.trees[t].nodes = NULL
            self.trees[t].path = NULL

    def __init__(self, State root not None, int mode, seed, double exploration=0.7,
                 int playout=RANDOM_PLAYOUT, int cutoff=0, double epsilon=0.1,
                 int max_nodes=2000000):
        cdef int t
        player = root.c_current_player()
        if player < 0:
            raise ValueError("search starts at a player node, not at a chance or terminal node")
        if mode not in (MCTS, SO, MO):
            raise ValueError(f"unknown search mode {mode}")
        if playout not in (RANDOM_PLAYOUT, HEURISTIC_PLAYOUT):
            raise ValueError(f"unknown playout policy {playout}")
        if max_nodes < 2:
            raise ValueError("max_nodes must be at least 2")
        self.root = root.c_clone()
        self.scratch = root.c_clone()
        self.probe = root.c_clone()
        self.mode = mode
        self.root_player = player
        self.num_players = root.c_num_players()
        self.num_trees = self.num_players if mode == MO else 1
        self.exploration = exploration
        self.playout = playout
        self.cutoff = cutoff
        self.epsilon = epsilon
        self.total_iterations = 0
        rng_seed(&self.rng, <unsigned long long>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        for t in range(self.num_trees):
            if not tree_init(&self.trees[t], max_nodes, self.num_players):
                raise MemoryError("cannot allocate the search tree")
        self.ready = True

    def __dealloc__(self):
        cdef int t
        for t in range(MAX_PLAYERS):
            if self.trees[t].nodes != NULL or self.trees[t].path != NULL:
                tree_free(&self.trees[t])
        free(self.worlds)
        free(self.world_cum)

    def set_worlds(self, list worlds not None, list weights not None) -> None:
        """Draw each ISMCTS iteration's world among `worlds` by `weights` (a belief), instead
        of `c_resample(root player)`. Every world must be a state of the root's game where the
        root player is to act; the worlds are copied."""
        cdef int i, n = len(worlds)
        cdef State world
        cdef double total = 0.0
        if self.mode == MCTS:
            raise ValueError("worlds are drawn by the ISMCTS modes only")
        if n == 0 or n != len(weights):
            raise ValueError("give as many weights as worlds, at least one")
        for i in range(n):
            world = worlds[i]
            if type(world) is not type(self.root) or world._size != self.root._size:
                raise ValueError("every world must be a state of the root's game")
            if world.c_current_player() != self.root_player:
                raise ValueError("in every world the root player must be to act")
            if not weights[i] >= 0.0:
                raise ValueError("weights must be 0 or more")
            total += weights[i]
        if not total > 0.0:
            raise ValueError("the weights must not all be 0")
        free(self.worlds)
        free(self.world_cum)
        self.num_worlds = 0
        self.worlds = <char*>malloc(n * self.root._size)
        self.world_cum = <double*>malloc(n * sizeof(double))
        if self.worlds == NULL or self.world_cum == NULL:
            raise MemoryError("cannot allocate the worlds")
        acc = 0.0
        for i in range(n):
            world = worlds[i]
            memcpy(self.worlds + i * self.root._size, world._data, self.root._size)
            acc += weights[i] / total
            self.world_cum[i] = acc
        self.world_cum[n - 1] = 1.0
        self.num_worlds = n

    cdef inline void draw_world(self) noexcept nogil:
        """Copy a world drawn by weight into the scratch state (binary search)."""
        cdef double u = rng_uniform(&self.rng)
        cdef int lo = 0, hi = self.num_worlds - 1, mid
        while lo < hi:
            mid = (lo + hi) >> 1
            if self.world_cum[mid] > u:
                hi = mid
            else:
                lo = mid + 1
        memcpy(self.scratch._data, self.worlds + lo * self.root._size, self.root._size)

    @property
    def iterations(self) -> int:
        """Iterations run so far."""
        return self.total_iterations

    @property
    def nodes(self) -> int:
        """Nodes in all trees."""
        return sum(self.trees[t].size for t in range(self.num_trees))

    @property
    def tree_bytes(self) -> int:
        """Bytes allocated for the nodes of all trees (a node stores one value per player)."""
        return sum(self.trees[t].capacity * self.trees[t].stride for t in range(self.num_trees))

    @property
    def node_bytes(self) -> int:
        """Bytes a node takes: its links, counts and one value per player."""
        return self.trees[0].stride

    def run(self, long iterations, double seconds=0.0) -> int:
        """Run up to `iterations` iterations, stopping early after `seconds` (when > 0; at
        least one iteration is run).

        The GIL is released for the whole loop. Returns the number of iterations run.
        """
        cdef long done = 0
        cdef double deadline = 0.0
        cdef bint timed = seconds > 0.0
        if not self.ready:
            raise ValueError("this searcher was not initialised")
        with nogil:
            if timed:
                deadline = now_seconds() + seconds
            while done < iterations:
                # At least one iteration per call, so callers always make progress.
                if timed and done > 0 and done % CLOCK_EVERY == 0 and now_seconds() >= deadline:
                    break
                self.iterate()
                done += 1
            self.total_iterations += done
        return done

    def root_stats(self) -> list:
        """[(action, visits, mean value for the root player, availability), ...] of the
        root's children, in key order."""
        cdef int t = self.root_player if self.mode == MO else 0
        cdef Tree* tree = &self.trees[t]
        cdef int c = node_at(tree, 0).first_child
        cdef Node* node
        result = []
        while c != -1:
            node = node_at(tree, c)
            mean = node.value[self.root_player] / node.visits if node.visits else 0.0
            result.append((node.action, node.visits, mean, node.avail))
            c = node.next_sibling
        return result

    # ------------------------------------------------------------------ the iteration
    cdef inline int tree_key(self, int t, int action, bint chance) noexcept nogil:
        """The key of `action` in tree `t` (playing in self.scratch)."""
        if self.mode == MCTS:
            return action
        if self.mode == SO:
            if chance:
                return self.scratch.c_action_key(self.root_player, action)
            return action
        return self.scratch.c_action_key(t, action)

    cdef int select(self, Tree* tree, int player, int* actions, int* keys, int n,
                    bint* created) noexcept nogil:
        """UCB choice among the legal moves at tree.cur; expands one untried key if any.

        Returns the index (into actions) of the move; sets tree.cur to its child (or -1 when
        the tree is full).
        """
        cdef int untried[MAX_ACTIONS]
        cdef int n_untried = 0
        cdef int parent = tree.cur
        cdef char* nodes = tree.nodes
        cdef size_t stride = tree.stride
        cdef Node* child
        cdef Node* up = node_at(tree, parent)
        cdef int c = up.first_child
        cdef int i = 0, j, k, best = -1, best_child = -1, pick
        cdef double score, mean, best_score = -1e300
        cdef double explore = self.exploration
        cdef bint by_avail = self.mode != MCTS
        cdef double log_parent = log_count(up.visits + 1)
        while i < n:
            k = keys[i]
            child = NULL
            while c != -1:
                child = <Node*>(nodes + <size_t>c * stride)
                if child.key >= k:
                    break
                c = child.next_sibling
            if c != -1 and child.key == k:
                child.avail += 1
                if n_untried == 0 and child.visits == 0:
                    # Only when a full tree cut an iteration short: try it first.
                    if best_score < 1e300:
                        best_score = 1e300
                        best = i
                        best_child = c
                elif n_untried == 0:
                    mean = child.value[player] / child.visits
                    if by_avail:
                        # The child's log(avail) is at most log_parent (avail never exceeds the
                        # parent's visits + 1, checked), and +, /, sqrt and * round
                        # monotonically: a child whose score with log_parent cannot pass the
                        # best is skipped without its own log, the same choice exactly.
                        if (child.avail <= up.visits + 1 and
                                mean + explore * sqrt(log_parent / child.visits) <= best_score):
                            score = best_score
                        else:
                            score = mean + explore * sqrt(log_count(child.avail) / child.visits)
                    else:
                        score = mean + explore * sqrt(log_parent / child.visits)
                    if score > best_score:
                        best_score = score
                        best = i
                        best_child = c
            else:
                untried[n_untried] = i
                n_untried += 1
            j = i + 1
            while j < n and keys[j] == k:
                j += 1
            i = j
        if n_untried > 0:
            pick = untried[rng_below(&self.rng, n_untried)]
            tree.cur = tree_insert_child(tree, parent, keys[pick], actions[pick])
            created[0] = True
            return pick
        created[0] = False
        tree.cur = best_child
        return best

    cdef void iterate(self) noexcept nogil:
        cdef int actions[MAX_ACTIONS]
        cdef int keys[MAX_ACTIONS]
        cdef double ret[MAX_PLAYERS]
        cdef int t, p, n, i, a, chooser
        cdef bint created, stop, full
        cdef Tree* tree
        cdef Node* node

        if self.num_worlds > 0:
            self.draw_world()
        else:
            copy_state(self.scratch, self.root)
            if self.mode != MCTS:
                self.scratch.c_resample(self.root_player, &self.rng)
        for t in range(self.num_trees):
            tree = &self.trees[t]
            if tree.size >= tree.compact_at:
                tree_compact(tree)
                tree.compact_at = tree.size * 2
            tree.cur = 0
            tree.path_len = 0
            tree_push(tree, 0)

        stop = False
        while not stop:
            p = self.scratch.c_current_player()
            if p == TERMINAL_PLAYER:
                break
            full = False
            if p == CHANCE_PLAYER:
                a = self.scratch.c_sample_chance(&self.rng)
                for t in range(self.num_trees):
                    tree = &self.trees[t]
                    tree.cur = tree_child(tree, tree.cur, self.tree_key(t, a, True), a, &created)
                    if tree.cur < 0:
                        full = True
            else:
                chooser = p if self.mode == MO else 0
                n = self.scratch.c_legal_actions(actions)
                for i in range(n):
                    keys[i] = self.tree_key(chooser, actions[i], False)
                if self.mode == MO:
                    sort_by_key(keys, actions, n)
                tree = &self.trees[chooser]
                i = self.select(tree, p, actions, keys, n, &created)
                a = actions[i]
                if tree.cur < 0:
                    full = True
                stop = created
                for t in range(self.num_trees):
                    if t == chooser:
                        continue
                    tree = &self.trees[t]
                    tree.cur = tree_child(tree, tree.cur, self.tree_key(t, a, False), a, &created)
                    if tree.cur < 0:
                        full = True
            self.scratch.c_apply_action(a)
            if full:
                break
            for t in range(self.num_trees):
                if not tree_push(&self.trees[t], self.trees[t].cur):
                    stop = True

        self.play_out(self.scratch, ret)
        for t in range(self.num_trees):
            tree = &self.trees[t]
            for i in range(tree.path_len):
                node = node_at(tree, tree.path[i])
                node.visits += 1
                for p in range(self.num_players):
                    node.value[p] += ret[p]

    cdef void play_out(self, State s, double* ret) noexcept nogil:
        """Finish the game from `s` and write everyone's return (or the evaluation at the
        cut-off) into `ret`."""
        cdef int actions[MAX_ACTIONS]
        cdef int p, n, a, moves = 0
        if self.playout == RANDOM_PLAYOUT and self.cutoff <= 0:
            s.c_random_playout(&self.rng)
            s.c_returns(ret)
            return
        while True:
            p = s.c_current_player()
            if p == TERMINAL_PLAYER:
                s.c_returns(ret)
                return
            if p == CHANCE_PLAYER:
                s.c_apply_action(s.c_sample_chance(&self.rng))
                continue
            if self.cutoff > 0 and moves >= self.cutoff:
                s.c_evaluate(ret)
                return
            n = s.c_legal_actions(actions)
            if self.playout == HEURISTIC_PLAYOUT and n > 1 and rng_uniform(&self.rng) >= self.epsilon:
                a = greedy_action(s, self.probe, p, actions, n, &self.rng)
            else:
                a = actions[rng_below(&self.rng, n)]
            s.c_apply_action(a)
            moves += 1


cdef int greedy_action(State s, State probe, int player, int* actions, int n,
                       Rng* rng) noexcept nogil:
    """The action whose one-ply evaluation is best for `player`; ties broken at random."""
    cdef double ev[MAX_PLAYERS]
    cdef double best = -1e300
    cdef int i, best_i = 0, ties = 0
    for i in range(n):
        copy_state(probe, s)
        probe.c_apply_action(actions[i])
        probe.c_evaluate(ev)
        if ev[player] > best + 1e-12:
            best = ev[player]
            best_i = i
            ties = 1
        elif ev[player] > best - 1e-12:
            ties += 1
            if rng_below(rng, ties) == 0:
                best_i = i
    return actions[best_i]


def one_ply_values(State state not None, int samples, seed) -> list:
    """[(action, mean evaluation for the player to act), ...] after each legal action.

    With samples > 0, every evaluation is averaged over that many determinizations
    `c_resample(player)` (the same ones for every action), so nothing hidden from the acting
    player is read; samples = 0 evaluates the state as it is.
    """
    cdef int actions[MAX_ACTIONS]
    cdef double ev[MAX_PLAYERS]
    cdef double sums[MAX_ACTIONS]
    cdef int player = state.c_current_player()
    cdef int i, d, n, rounds
    cdef Rng rng
    if player < 0:
        raise ValueError("one-ply look-ahead needs a player node")
    rng_seed(&rng, <unsigned long long>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    cdef State base = state.c_clone()
    cdef State probe = state.c_clone()
    n = state.c_legal_actions(actions)
    rounds = samples if samples > 0 else 1
    with nogil:
        for i in range(n):
            sums[i] = 0.0
        for d in range(rounds):
            copy_state(base, state)
            if samples > 0:
                base.c_resample(player, &rng)
            for i in range(n):
                copy_state(probe, base)
                probe.c_apply_action(actions[i])
                probe.c_evaluate(ev)
                sums[i] += ev[player]
    return [(actions[i], sums[i] / rounds) for i in range(n)]


def playout_rate(State state not None, long playouts, seed) -> int:
    """Run `playouts` random playouts from `state` (copying it into one scratch state each
    time), without the GIL; returns the number run. Used by the speed benchmark."""
    cdef State s = state.c_clone()
    cdef Rng rng
    cdef long i
    rng_seed(&rng, <unsigned long long>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for i in range(playouts):
            copy_state(s, state)
            s.c_random_playout(&rng)
    return playouts
