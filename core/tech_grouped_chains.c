/*
 * tech_grouped_chains: grouped nice loops (continuous and discontinuous)
 * and grouped AICs, as HoDoKu 2.2 defines them.
 *
 * Besides the candidates (cell * 9 + digit - 1), a chain may pass through
 * group nodes: the places of one digit in a box-line intersection, two or
 * three cells ("(5)B23": 5 is in B2 or B3).  A group is on when the digit
 * is in one of its cells, off when in none.  The links:
 *  - weak (on -> off): two digits of a cell; one digit in two cells, in
 *    a cell and a group or in two disjoint groups that share a house,
 *    when the cell sees every cell of the group;
 *  - strong (off -> on): the two digits of a bivalue cell; the only two
 *    places of a digit in a house, either of which may be a group (the
 *    house's places are the group's cells and one cell, or two disjoint
 *    groups).
 * Every link is a valid implication, so every walk along them is a sound
 * deduction.  A breadth-first walk from each candidate assumed off, then
 * on, reaches each (node, on/off) state by a shortest walk; a walk to a
 * state is read back through states one link nearer, tried in turn
 * (groups first, 400 states at most), for one that HoDoKu takes as a
 * chain - its "lasso" rule: no node's (first) cell is a cell of a node
 * before the one just before it, a nice loop's start cell aside - and
 * that passes a group (the ungrouped ones are the AIC row's).
 *
 * What a walk from a start s (in cell c) proves, HoDoKu's rules:
 *  - a nice loop ends in c.  Its first link is strong when s was assumed
 *    off, its last when the end is on.  Discontinuous: both weak, same
 *    digit (s removes itself: s goes); both strong, same digit (s is the
 *    cell's value: the cell's other digits go); one strong, one weak,
 *    different digits (the weak one's digit goes from c).  Continuous:
 *    both weak, different digits, c bivalue; both strong, different
 *    digits.  Around a continuous loop every weak link holds as a strong
 *    one: a digit seeing both nodes of a weak link between cells goes
 *    (not from the loop's cells), and a cell entered and left by strong
 *    links keeps only their two digits.
 *  - an AIC starts with s off and ends on a candidate v on, outside c:
 *    s or v is true.  Same digit: the digit goes from the cells seeing
 *    both (HoDoKu takes it when there are two, one being a nice loop);
 *    different digits, v sees c and has s's digit: s's digit goes from
 *    v's cell and v's from c (both must be there).
 * Chains of at least three links, of 40 nodes at most.
 *
 * ALS mode (tech_find_grouped_nice_loop_als: HoDoKu's
 * allowAlsInTablingChains, off in its default solver) adds ALS nodes and
 * takes the chains passing one.  An ALS (HoDoKu's: 2 to 8 cells of a
 * house holding one digit more than cells) lacks one of its digits at
 * most, so of two of its digits one is in it: the nodes "d is in the
 * set", one per digit, are strongly linked to one another.  Such a node
 * is weakly linked to every candidate, group or other set's node (sharing
 * no cell) of its digit that sees all the set's cells holding it.  And a
 * forcing: a node off forces a cell of three digits or more whose digits
 * but one all see the set's cells holding them (none the node's digit).
 * As in HoDoKu a set is entered by a weak link and left by a weak link or
 * a forcing, so a forcing is not walked backwards (from the cell off to
 * the set's digit on, a valid but HoDoKu-less link).  A continuous loop
 * passing a set also removes its other digits (it lacks one of the two
 * it is passed by, so holds the rest) from every cell seeing all of
 * theirs in it.  A set passed by two of its nodes is one node of HoDoKu's
 * chain: in the lasso rule it is named by the first one's cell (and bars
 * all the set's cells).  Read back with a budget of 4000 states.
 *
 * The solver's instance: the most eliminations (HoDoKu's first choice
 * among chains), then the shortest chain, then the first found (starts
 * in cell, digit order, off before on).  Collect mode lists every chain
 * found: one per start and end state.  The links of all nodes are built
 * once per search (the walks from every start read them).  The walks go a
 * level at a time on bit sets of nodes (walk_bits) when the nodes are few
 * enough, as they are once a puzzle needs these chains; state by state
 * otherwise and in ALS mode (walk_in).  A walk from an on state stops
 * once it has reached the ends of the loops that can remove something.
 * No allocation: the search is about 300 KB of stack.
 */
#include "tech.h"
#include "tech_digits.h"

#include <string.h>

#define GC_CANDS 729
#define GC_GROUPS 486 /* 9 digits x 18 lines x 3 boxes */
#define GC_NODES (GC_CANDS + GC_GROUPS)
/* ALS mode: sets of 2 to 8 cells of a house holding one digit more than
 * cells, and their nodes (a set and one of its digits), at most these
 * many (the rest are not used: fewer chains, none unsound) */
#define GC_SETS 512
#define GC_ANODES 1024
#define GC_FORCED 6 /* forcing links per ALS node kept */
#define GC_ALL_NODES (GC_NODES + GC_ANODES)
#define GC_STATES (2 * GC_ALL_NODES)
#define GC_MAX_PATH 40 /* nodes in a chain at most: longer walks are not read */
#define GC_NBRS 64
/* The links, both ways: a candidate has at most 43 (8 other digits, 20
 * peers, 8 groups seen, 7 strong), a group 24, so the groups and
 * candidates' links fit in 43 * 729 + 24 * 486 = 43,011; ALS mode adds
 * its links in the rest (those past it are not used). */
#define GC_EDGES 49152
/* The walk by levels (walk_bits) keeps, per node of the state (its
 * candidates and groups), the nodes it links to weakly, and strongly, as
 * bit sets of GC_WORDS words at most; past GC_ROW_WORDS words in all,
 * the walk goes state by state (walk_in). */
#define GC_WORDS 8
#define GC_ROW_WORDS 4096

struct gc_group {
    tech_cells cells;  /* where the digit is in the intersection */
    tech_cells seers;  /* cells with the digit seeing all of them */
    uint8_t digit;
    uint8_t line, box; /* houses (tech.h numbering) */
    uint8_t n_weak;
    uint16_t strong[2]; /* node on when this one is off; 0xffff: none */
    uint16_t weak[10];  /* groups (node numbers) it turns off */
};

/* An almost locked set: n cells of one house holding n + 1 digits. */
struct gc_set {
    tech_cells cells;
    uint16_t digits;
    uint16_t first; /* its nodes: anode[first .. first + n_nodes) */
    uint8_t n_nodes;
};

/* An ALS node: "digit is in one of the set's cells".  Taking one digit
 * away from a set locks the others in it, so of two of its digits one is
 * in it: two nodes of a set are strongly linked. */
struct gc_anode {
    tech_cells seers; /* cells outside with the digit, seeing all of its */
    uint16_t set;
    uint8_t digit, n_forced;
    /* candidates on when this node is off (a cell outside whose other
     * digits all see the set's same digits; HoDoKu's forcing) */
    uint16_t forced[GC_FORCED];
};

struct gc_search {
    const struct human_state *st;
    const struct tech_links *g;
    const tech_cells *with; /* [d-1]: cells holding d */
    int n_groups;
    int n_strong_groups; /* groups with a strong link */
    int first_group[10]; /* groups of digit d: first_group[d-1] .. [d] */
    struct gc_group group[GC_GROUPS];
    uint16_t cand_group[GC_CANDS][3]; /* groups on when the cand is off */
    uint64_t seen_by[GC_CANDS]; /* groups (bit i: the digit's i-th) it sees */
    uint8_t n_cand_group[GC_CANDS];
    /* ALS mode: the chains must pass an ALS node (else: a group) */
    int als;
    int n_sets, n_anodes;
    int first_anode[10]; /* by digit: by_digit[first_anode[d-1] .. [d]) */
    uint16_t by_digit[GC_ANODES];
    struct gc_set set[GC_SETS];
    struct gc_anode anode[GC_ANODES];
    /* the links, built once: adj[start[node * 2 + strong] ..
     * start[node * 2 + strong + 1]) */
    uint16_t start[GC_STATES + 1];
    uint16_t adj[GC_EDGES];
    /* walk_in's walk from one start, per state: the walk's tag (bits
     * 16-31: another walk's tag means not reached, so no clearing is
     * needed between walks), marked (bit 8: passes a group, in ALS mode an ALS
     * node), level + 1 (bits 0-7) */
    uint32_t tag;
    uint32_t state[GC_STATES];
    uint16_t queue[GC_STATES];
    /* the candidates of the empty cells, in order */
    int n_live;
    uint16_t live[GC_CANDS];
    /* walk_bits (bits set): the nodes numbered live first, then the
     * groups: node[k] is node k's number in the links, index[] the way
     * back (0xffff: none); words per set, the groups' set, each node's
     * links: rows[strong][k * words ..] */
    int bits, words;
    uint16_t node[GC_CANDS + GC_GROUPS];
    uint16_t index[GC_NODES];
    uint64_t groups[GC_WORDS];
    uint64_t rows[2][GC_ROW_WORDS];
    /* the last walk_bits walk, level by level (1 .. n_levels): the nodes
     * first reached at it (on when the level's parity and the start's
     * say so, level 1 being the start) and those of them one of whose
     * shortest walks passes a group; walk_in keeps state[] instead */
    int start_on, n_levels;
    uint64_t lv_nodes[GC_MAX_PATH + 1][GC_WORDS];
    uint64_t lv_flag[GC_MAX_PATH + 1][GC_WORDS];
    /* the union of lv_flag over the levels 4 on, by the polarity of their
     * states (off, on): a state is reached at one level at most, so its
     * bit here says it was reached at level 4 or more and flagged there */
    uint64_t far_flag[2][GC_WORDS];
    /* the chain read back */
    int len;
    uint16_t path[GC_MAX_PATH]; /* states: node * 2 + on */
};

enum { GC_AIC, GC_LOOP, GC_DISCONTINUOUS };

static int is_group(int node)
{
    return node >= GC_CANDS && node < GC_NODES;
}

static int is_als(int node)
{
    return node >= GC_NODES;
}

static const struct gc_anode *anode_of(const struct gc_search *s, int node)
{
    return &s->anode[node - GC_NODES];
}

/* Two ALS nodes of one set. */
static int same_set(const struct gc_search *s, int a, int b)
{
    return is_als(a) && is_als(b) && anode_of(s, a)->set == anode_of(s, b)->set;
}

/* The nodes a chain of the search must pass one of. */
static int marks(const struct gc_search *s, int node)
{
    return s->als ? is_als(node) : is_group(node);
}

static int node_digit(const struct gc_search *s, int node)
{
    if (is_als(node))
        return anode_of(s, node)->digit;
    return is_group(node) ? s->group[node - GC_CANDS].digit : node % 9 + 1;
}

static tech_cells node_cells(const struct gc_search *s, int node)
{
    if (is_als(node)) {
        const struct gc_anode *a = anode_of(s, node);
        return s->set[a->set].cells & s->with[a->digit - 1];
    }
    return is_group(node) ? s->group[node - GC_CANDS].cells : tech_cell_bit(node / 9);
}

/* The cell that names a node: a candidate's, a group's first. */
static int node_cell(const struct gc_search *s, int node)
{
    return tech_cells_lowest(node_cells(s, node));
}

/* The groups of one digit by line (rows 0-8, columns 9-17) and their k-th
 * box along it (build_groups' order): the group's number, or -1. */
typedef int16_t gc_group_at[18][3];

/* The group of line and box, from at: -1 when there is none. */
static int group_at(const gc_group_at at, int line, int box)
{
    return at[line][line < 9 ? box % 3 : box / 3];
}

/* The node whose cells are exactly rest (of digit d, whose groups at
 * says): a candidate, a group, or -1.  A group's cells are the places
 * of its digit in one line and one box, so only the group of the line
 * and the box holding all of rest (two cells or more lie on one line at
 * most) can have exactly those cells. */
static int node_of(const struct gc_search *s, const gc_group_at at, tech_cells rest, int d)
{
    int n = tech_cells_count(rest);
    if (n == 1)
        return tech_cells_lowest(rest) * 9 + d - 1;
    if (n < 2)
        return -1;
    int cell = tech_cells_lowest(rest), box = tech_box_of(cell);
    if (rest & ~tech_house_set[TECH_BOX(box)])
        return -1;
    int line = (rest & ~tech_house_set[TECH_ROW(tech_row_of(cell))]) == 0
                   ? TECH_ROW(tech_row_of(cell))
               : (rest & ~tech_house_set[TECH_COL(tech_col_of(cell))]) == 0
                   ? TECH_COL(tech_col_of(cell))
                   : -1;
    int i = line < 0 ? -1 : group_at(at, line, box);
    return i >= 0 && s->group[i].cells == rest ? GC_CANDS + i : -1;
}

/* The weak links of group i (gr) to the other groups of its digit (at):
 * those sharing no cell with it on its line or in its box, in group
 * order.  Only the groups of its line (three boxes) and of its box (its
 * three rows and three columns) can be such: they are gathered, sorted
 * and tested in order, which is the order of a scan of all the digit's
 * groups (nine at most, so weak[]'s ten always hold them). */
static void group_weak(struct gc_search *s, struct gc_group *gr, int i, const gc_group_at at)
{
    int near[9], m = 0, box = gr->box - TECH_BOX(0);
    for (int k = 0; k < 3; k++) {
        near[m++] = at[gr->line][k];
        near[m++] = group_at(at, TECH_ROW((box / 3) * 3 + k), box);
        near[m++] = group_at(at, TECH_COL((box % 3) * 3 + k), box);
    }
    for (int a = 1; a < m; a++) /* insertion sort: nine at most */
        for (int b = a; b > 0 && near[b - 1] > near[b]; b--) {
            int t = near[b];
            near[b] = near[b - 1];
            near[b - 1] = t;
        }
    for (int a = 0; a < m; a++) {
        int j = near[a];
        if (j < 0 || j == i || (a > 0 && near[a - 1] == j) ||
            (s->group[j].cells & gr->cells) || gr->n_weak == 10)
            continue;
        gr->weak[gr->n_weak++] = (uint16_t)(GC_CANDS + j);
    }
}

/* The groups of the state, by digit, lines (rows, then columns) then
 * boxes along them, as HoDoKu lists them; their links. */
static void build_groups(struct gc_search *s)
{
    int n = 0;
    gc_group_at at[9];
    for (int d = 1; d <= 9; d++) {
        s->first_group[d - 1] = n;
        for (int line = 0; line < 18; line++)
            for (int k = 0; k < 3; k++) {
                int box = line < 9 ? (line / 3) * 3 + k : k * 3 + (line - 9) / 3;
                tech_cells cells = tech_house_set[line] & tech_house_set[TECH_BOX(box)] &
                                   s->with[d - 1];
                at[d - 1][line][k] = -1;
                if (tech_cells_count(cells) < 2)
                    continue;
                at[d - 1][line][k] = (int16_t)n;
                struct gc_group *gr = &s->group[n++];
                gr->cells = cells;
                gr->digit = (uint8_t)d;
                gr->line = (uint8_t)line;
                gr->box = (uint8_t)TECH_BOX(box);
                tech_cells seers = s->with[d - 1];
                for (tech_cells m = cells; m; m &= m - 1)
                    seers &= tech_peers(tech_cells_lowest(m));
                gr->seers = seers;
            }
    }
    s->first_group[9] = n;
    s->n_groups = n;
    memset(s->n_cand_group, 0, sizeof s->n_cand_group);
    memset(s->seen_by, 0, sizeof s->seen_by);
    s->n_strong_groups = 0;
    for (int i = 0; i < n; i++) {
        struct gc_group *gr = &s->group[i];
        int d = gr->digit;
        const int houses[2] = {gr->line, gr->box};
        for (tech_cells m = gr->seers; m; m &= m - 1)
            s->seen_by[tech_cells_lowest(m) * 9 + d - 1] |=
                (uint64_t)1 << (i - s->first_group[d - 1]);
        for (int k = 0; k < 2; k++) {
            tech_cells rest = tech_house_set[houses[k]] & s->with[d - 1] & ~gr->cells;
            int other = node_of(s, at[d - 1], rest, d);
            gr->strong[k] = (uint16_t)(other < 0 ? 0xffff : other);
            if (other >= 0 && !is_group(other) &&
                s->n_cand_group[other] < 3) /* the cand's strong link back */
                s->cand_group[other][s->n_cand_group[other]++] = (uint16_t)(GC_CANDS + i);
        }
        s->n_strong_groups += gr->strong[0] != 0xffff || gr->strong[1] != 0xffff;
        gr->n_weak = 0;
        group_weak(s, gr, i, at[d - 1]);
    }
}

/* The nodes linked to node: strongly (on when node is off) or weakly
 * (off when node is on), groups first.  Links are symmetric, so these
 * are also the nodes a state can come from. */
static int neighbours(const struct gc_search *s, int node, int strong,
                      uint16_t out[GC_NBRS])
{
    int n = 0;
    if (is_group(node)) {
        const struct gc_group *gr = &s->group[node - GC_CANDS];
        if (strong) {
            for (int k = 0; k < 2; k++)
                if (gr->strong[k] != 0xffff &&
                    (k == 0 || gr->strong[1] != gr->strong[0]))
                    out[n++] = gr->strong[k];
            return n;
        }
        for (int k = 0; k < gr->n_weak; k++)
            out[n++] = gr->weak[k];
        for (tech_cells m = gr->seers; m && n < GC_NBRS; m &= m - 1)
            out[n++] = (uint16_t)(tech_cells_lowest(m) * 9 + gr->digit - 1);
        return n;
    }
    int cell = node / 9, d = node % 9 + 1;
    if (strong) {
        for (int k = 0; k < s->n_cand_group[node]; k++)
            out[n++] = s->cand_group[node][k];
        for (int k = 0; k < s->g->n_strong[node]; k++)
            out[n++] = (uint16_t)(s->g->strong[node][k] & ~TECH_LINK_IN_CELL);
        return n;
    }
    for (uint64_t m = s->seen_by[node]; m; m &= m - 1)
        out[n++] = (uint16_t)(GC_CANDS + s->first_group[d - 1] + bits_lowest64(m));
    for (unsigned m = s->st->cand[cell] & ~tech_bit(d); m; m &= m - 1)
        out[n++] = (uint16_t)(cell * 9 + bits_lowest(m));
    for (tech_cells m = tech_peers(cell) & s->with[d - 1]; m && n < GC_NBRS; m &= m - 1)
        out[n++] = (uint16_t)(tech_cells_lowest(m) * 9 + d - 1);
    return n;
}

/* ---- ALS nodes (ALS mode) ------------------------------------------- */

/* Cells outside set with digit d seeing all of the set's d. */
static tech_cells set_seers(const struct gc_search *s, tech_cells cells, int d)
{
    tech_cells seers = s->with[d - 1] & ~cells;
    for (tech_cells m = cells & s->with[d - 1]; m; m &= m - 1)
        seers &= tech_peers(tech_cells_lowest(m));
    return seers;
}

/* A set found: its nodes (digits some cell outside sees all of; a node
 * no cell sees can be neither entered nor left), kept when it has two. */
static void add_set(struct gc_search *s, tech_cells cells, unsigned digits)
{
    if (s->n_sets == GC_SETS)
        return;
    struct gc_set *set = &s->set[s->n_sets];
    int first = s->n_anodes, n = 0;
    for (unsigned m = digits; m && first + n < GC_ANODES; m &= m - 1) {
        int d = bits_lowest(m) + 1;
        tech_cells seers = set_seers(s, cells, d);
        if (!seers)
            continue;
        struct gc_anode *a = &s->anode[first + n++];
        a->seers = seers;
        a->set = (uint16_t)s->n_sets;
        a->digit = (uint8_t)d;
        a->n_forced = 0;
    }
    if (n < 2)
        return;
    set->cells = cells;
    set->digits = (uint16_t)digits;
    set->first = (uint16_t)first;
    set->n_nodes = (uint8_t)n;
    s->n_anodes += n;
    s->n_sets++;
}

/* The sets of house h among its empty cells pos (bits: positions) from
 * position i on, cells holding digits so far. */
static void sets_from(struct gc_search *s, int h, unsigned pos, int i, unsigned chosen,
                      unsigned digits)
{
    for (; i < 9; i++) {
        if (!(pos & (1u << i)))
            continue;
        int cell = tech_house_cells[h][i];
        unsigned c2 = chosen | 1u << i, d2 = digits | s->st->cand[cell];
        int n = bits_count(c2);
        if (n >= 2 && bits_count(d2) == n + 1) {
            tech_cells cells = 0;
            for (unsigned m = c2; m; m &= m - 1)
                cells |= tech_cell_bit(tech_house_cells[h][bits_lowest(m)]);
            /* a box's set inside one of its lines is the line's */
            int line = 0;
            for (int k = 0; k < 18 && h >= 18; k++)
                line |= (cells & ~tech_house_set[k]) == 0;
            if (!line)
                add_set(s, cells, d2);
        }
        if (n < 8)
            sets_from(s, h, pos, i + 1, c2, d2);
    }
}

/* The forcings of set a's nodes: a cell outside the set, of three digits
 * or more, whose digits but one all see the set's same digits (none the
 * node's): with the node off, the set holds them, so the cell is the
 * last one (two-digit cells do it by their own strong link). */
static void build_forced(struct gc_search *s, const struct gc_set *set)
{
    tech_cells outside = 0;
    for (int k = 0; k < set->n_nodes; k++)
        outside |= s->anode[set->first + k].seers;
    for (; outside; outside &= outside - 1) {
        int x = tech_cells_lowest(outside);
        unsigned cand = s->st->cand[x], seen = 0;
        if (bits_count(cand) <= 2)
            continue;
        for (int k = 0; k < set->n_nodes; k++) {
            const struct gc_anode *a = &s->anode[set->first + k];
            if (a->seers & tech_cell_bit(x))
                seen |= tech_bit(a->digit);
        }
        for (int k = 0; k < set->n_nodes; k++) {
            struct gc_anode *a = &s->anode[set->first + k];
            unsigned rest = cand & ~(seen & ~tech_bit(a->digit));
            if (bits_count(rest) == 1 && a->n_forced < GC_FORCED)
                a->forced[a->n_forced++] = (uint16_t)(x * 9 + bits_lowest(rest));
        }
    }
}

/* The ALS of the state (HoDoKu's: 2 to 8 cells of a house), rows,
 * columns, then boxes, with their nodes by digit. */
static void build_sets(struct gc_search *s)
{
    s->n_sets = s->n_anodes = 0;
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned pos = 0;
        for (int i = 0; i < 9; i++)
            if (!s->st->value[tech_house_cells[h][i]])
                pos |= 1u << i;
        sets_from(s, h, pos, 0, 0, 0);
    }
    for (int i = 0; i < s->n_sets; i++)
        build_forced(s, &s->set[i]);
    int n = 0;
    for (int d = 1; d <= 9; d++) {
        s->first_anode[d - 1] = n;
        for (int a = 0; a < s->n_anodes; a++)
            if (s->anode[a].digit == d)
                s->by_digit[n++] = (uint16_t)a;
    }
    s->first_anode[9] = n;
}

/* A node's links to ALS nodes (ALS mode), after its own: weak ones to
 * the nodes of its digit whose seers hold all of it (a set of its own
 * sharing no cell), strong ones to its set's other nodes and forcings. */
static int als_links(const struct gc_search *s, int node, int strong, uint16_t *out,
                     int room)
{
    int n = 0, d = node_digit(s, node);
    tech_cells cells = node_cells(s, node), own = 0;
    if (is_als(node))
        own = s->set[anode_of(s, node)->set].cells;
    if (strong) {
        if (is_als(node)) {
            const struct gc_anode *a = anode_of(s, node);
            const struct gc_set *set = &s->set[a->set];
            for (int k = 0; k < set->n_nodes && n < room; k++)
                if (GC_NODES + set->first + k != node)
                    out[n++] = (uint16_t)(GC_NODES + set->first + k);
            for (int k = 0; k < a->n_forced && n < room; k++)
                out[n++] = a->forced[k];
            return n;
        }
        if (is_group(node))
            return 0;
        for (int i = 0; i < s->n_anodes && n < room; i++)
            for (int k = 0; k < s->anode[i].n_forced; k++)
                if (s->anode[i].forced[k] == node)
                    out[n++] = (uint16_t)(GC_NODES + i);
        return n;
    }
    if (is_als(node)) {
        const struct gc_anode *a = anode_of(s, node);
        for (tech_cells m = a->seers; m && n < room; m &= m - 1)
            out[n++] = (uint16_t)(tech_cells_lowest(m) * 9 + d - 1);
        for (int i = s->first_group[d - 1]; i < s->first_group[d] && n < room; i++)
            if ((s->group[i].cells & ~a->seers) == 0)
                out[n++] = (uint16_t)(GC_CANDS + i);
    }
    for (int k = s->first_anode[d - 1]; k < s->first_anode[d] && n < room; k++) {
        const struct gc_anode *b = &s->anode[s->by_digit[k]];
        if ((cells & ~b->seers) == 0 && !(s->set[b->set].cells & own))
            out[n++] = (uint16_t)(GC_NODES + s->by_digit[k]);
    }
    return n;
}

/* The links of every node, once per state (the walks read them from
 * every start): each node's own (neighbours' order), then in ALS mode
 * its links to ALS nodes. */
static void build_graph(struct gc_search *s)
{
    int n = 0, nodes = s->als ? GC_NODES + s->n_anodes : GC_CANDS + s->n_groups;
    for (int node = 0; node < nodes; node++) {
        int live = node < GC_CANDS ? (s->st->cand[node / 9] & tech_bit(node % 9 + 1)) != 0
                                   : node < GC_CANDS + s->n_groups || is_als(node);
        for (int strong = 0; strong <= 1; strong++) {
            s->start[node * 2 + strong] = (uint16_t)n;
            if (!live)
                continue;
            if (!is_als(node) && n + GC_NBRS <= GC_EDGES)
                n += neighbours(s, node, strong, s->adj + n);
            if (s->als)
                n += als_links(s, node, strong, s->adj + n, GC_EDGES - n);
        }
    }
    for (int i = nodes * 2; i <= GC_STATES; i++)
        s->start[i] = (uint16_t)n;
}

/* The level + 1 of a state in the current walk (0: not reached), and
 * whether one of the shortest walks to it passes a group. */
static int level_of(const struct gc_search *s, int st)
{
    uint32_t v = s->state[st];
    return (v >> 16) == s->tag ? (int)(v & 0xffu) : 0;
}

static int grouped_at(const struct gc_search *s, int st)
{
    return level_of(s, st) && (s->state[st] & 0x100u);
}

/* Whether state st was first reached at level lv (1 .. ) of the last
 * walk, by either walk. */
static int reached_at(const struct gc_search *s, int st, int lv)
{
    if (!s->bits)
        return level_of(s, st) == lv;
    int k = s->index[st >> 1];
    if (lv > s->n_levels || (st & 1) != (s->start_on ^ ((lv - 1) & 1)) || k == 0xffff)
        return 0;
    return (int)((s->lv_nodes[lv][k / 64] >> (k % 64)) & 1);
}

/* The same state's flag: one of its shortest walks passes a group. */
static int flagged_at(const struct gc_search *s, int st, int lv)
{
    if (!s->bits)
        return grouped_at(s, st);
    int k = s->index[st >> 1];
    return (int)((s->lv_flag[lv][k / 64] >> (k % 64)) & 1);
}

/* The level of state st in the last walk (0: not reached). */
static int state_level(const struct gc_search *s, int st)
{
    if (!s->bits)
        return level_of(s, st);
    for (int lv = 1 + ((st & 1) != s->start_on); lv <= s->n_levels; lv += 2)
        if (reached_at(s, st, lv))
            return lv;
    return 0;
}

/* The level of state st in the last walk when it is 4 or more and one of
 * its shortest walks passes a group; else 0.  walk_bits: far_flag says
 * whether, and only then are the levels looked through. */
static int flagged_level(const struct gc_search *s, int st)
{
    if (!s->bits) {
        int lv = level_of(s, st);
        return lv >= 4 && grouped_at(s, st) ? lv : 0;
    }
    int k = s->index[st >> 1];
    if (k == 0xffff || !((s->far_flag[st & 1][k / 64] >> (k % 64)) & 1))
        return 0;
    return state_level(s, st);
}

/*
 * Breadth first from the state start (node * 2 + on).  The states of a
 * level learn, from every state of the level before that links to them,
 * whether a walk to them passes a group: all of a level is taken before
 * the next, so a state's flag is final when it is taken.
 */
static inline void walk_in(struct gc_search *s, int start, const int als)
{
    int head = 0, tail = 0;
    uint32_t tag = ++s->tag << 16;
    /* from an on state only the loops back to its cell are read: the
     * walk may stop once it has reached all of the cell's states and
     * taken every state of a level below theirs */
    int cell = (start >> 1) / 9, targets = 0, reached = 0, top = 0;
    if (start & 1)
        targets = 2 * bits_count(s->st->cand[cell]) - 1;
    s->state[start] = tag | 1u;
    s->queue[tail++] = (uint16_t)start;
    while (head < tail) {
        int st = s->queue[head++];
        int on = st & 1, lv = (int)(s->state[st] & 0xffu);
        uint32_t g = s->state[st] & 0x100u;
        if (targets && reached == targets && lv >= top)
            break;
        if (lv >= GC_MAX_PATH) /* longer walks are not read */
            continue;
        /* its links: strong from an off state, weak from an on one */
        const uint16_t *nb = s->adj + s->start[(st & ~1) + !on];
        int n = s->start[(st & ~1) + !on + 1] - s->start[(st & ~1) + !on];
        for (int i = 0; i < n; i++) {
            if (als && !on && is_als(nb[i]) && !is_als(st >> 1))
                continue; /* a forcing read backwards (the top comment) */
            int next = nb[i] * 2 + !on;
            uint32_t flag = g | ((als ? is_als(nb[i]) : is_group(nb[i])) ? 0x100u : 0);
            uint32_t v = s->state[next];
            if ((v & 0xffff0000u) == tag) {
                if ((int)(v & 0xffu) == lv + 1)
                    s->state[next] = v | flag;
                continue;
            }
            s->state[next] = tag | flag | (uint32_t)(lv + 1);
            s->queue[tail++] = (uint16_t)next;
            if (targets && next < 2 * GC_CANDS && next / 18 == cell) {
                reached++;
                top = lv + 1;
            }
        }
    }
}

/* Numbers the nodes for walk_bits and sets s->bits when they fit (and
 * every link is to a live node); else walk_in walks. */
static void build_bits(struct gc_search *s)
{
    int n = s->n_live + s->n_groups, w = (n + 63) / 64;
    s->bits = 0;
    s->words = 0; /* no set read when walk_in walks */
    if (s->als || w > GC_WORDS || n * w > GC_ROW_WORDS)
        return;
    s->words = w;
    memset(s->index, 0xff, sizeof s->index);
    memset(s->groups, 0, sizeof s->groups);
    for (int k = 0; k < n; k++) {
        int node = k < s->n_live ? s->live[k] : GC_CANDS + k - s->n_live;
        s->node[k] = (uint16_t)node;
        s->index[node] = (uint16_t)k;
        if (k >= s->n_live)
            s->groups[k / 64] |= (uint64_t)1 << (k % 64);
    }
    memset(s->rows[0], 0, sizeof s->rows[0][0] * (size_t)(n * w));
    memset(s->rows[1], 0, sizeof s->rows[1][0] * (size_t)(n * w));
    for (int k = 0; k < n; k++) {
        int node = s->node[k];
        /* its weak links (start[node * 2] ..), then its strong ones */
        for (int strong = 0; strong <= 1; strong++) {
            uint64_t *row = s->rows[strong] + k * w;
            const uint16_t *nb = s->adj + s->start[node * 2 + strong];
            int m = s->start[node * 2 + strong + 1] - s->start[node * 2 + strong];
            for (int i = 0; i < m; i++) {
                int j = s->index[nb[i]];
                if (j == 0xffff)
                    return;
                row[j / 64] |= (uint64_t)1 << (j % 64);
            }
        }
    }
    s->bits = 1;
}

/*
 * walk_in's walk (without ALS nodes), a level at a time on bit sets of
 * nodes: the links alternate, so the states of a level are all off or
 * all on.  It gives every state the level and flag walk_in gives it,
 * kept as each level's sets (lv_nodes, lv_flag; reached_at reads them,
 * no state is written one by one): a level's states are those reached
 * from the level before and not earlier, their flag the union of their
 * predecessors' (and their own group's).  From an on state it stops once a level has reached the ends
 * of the loops that can remove something (nice_loop): from_start reads
 * those ends and then (read_back) states of lower levels only, so the
 * states left out, above them, are never read.
 */
static inline __attribute__((always_inline)) void walk_bits_w(struct gc_search *s,
                                                             int start, const int w)
{
    uint64_t seen[2][GC_WORDS], ends[2][GC_WORDS];
    uint64_t next[GC_WORDS], nflag[GC_WORDS];
    /* far_flag and the groups' set kept here while walking: the level
     * sets written through s could alias them */
    uint64_t far_flag[2][GC_WORDS], groups[GC_WORDS];
    int on = start & 1, k0 = s->index[start >> 1], cell = (start >> 1) / 9;
    for (int i = 0; i < w; i++)
        seen[0][i] = seen[1][i] = s->lv_nodes[1][i] = s->lv_flag[1][i] = ends[0][i] =
            ends[1][i] = far_flag[0][i] = far_flag[1][i] = 0;
    for (int i = 0; i < w; i++)
        groups[i] = s->groups[i];
    s->start_on = on;
    s->n_levels = 1;
    seen[on][k0 / 64] = s->lv_nodes[1][k0 / 64] = (uint64_t)1 << (k0 % 64);
    /* from an on state, the ends of the loops that can remove something
     * (nice_loop): the start off, another digit of the cell on, or off
     * when the cell is bivalue */
    if (on) {
        int bivalue = bits_count(s->st->cand[cell]) == 2;
        for (unsigned m = s->st->cand[cell]; m; m &= m - 1) {
            int k = s->index[cell * 9 + bits_lowest(m)];
            uint64_t bit = (uint64_t)1 << (k % 64);
            ends[1][k / 64] |= bit;
            ends[0][k / 64] |= k == k0 || bivalue ? bit : 0;
        }
    }
    for (int lv = 1; lv < GC_MAX_PATH; lv++) {
        const uint64_t *front = s->lv_nodes[lv], *flag = s->lv_flag[lv];
        uint64_t *nfront = s->lv_nodes[lv + 1], *nf = s->lv_flag[lv + 1];
        uint64_t any = 0;
        for (int i = 0; i < w; i++)
            next[i] = nflag[i] = 0;
        /* weak links from an on state, strong from an off one: the
         * flagged nodes' links into nflag, the others' into next, each
         * row read once; next is then the union of both (below) */
        const uint64_t *rows = s->rows[!on];
        for (int i = 0; i < w; i++) {
            for (uint64_t b = front[i] & ~flag[i]; b; b &= b - 1) {
                const uint64_t *row = rows + (i * 64 + bits_lowest64(b)) * w;
                for (int j = 0; j < w; j++)
                    next[j] |= row[j];
            }
            for (uint64_t b = front[i] & flag[i]; b; b &= b - 1) {
                const uint64_t *row = rows + (i * 64 + bits_lowest64(b)) * w;
                for (int j = 0; j < w; j++)
                    nflag[j] |= row[j];
            }
        }
        for (int i = 0; i < w; i++)
            next[i] |= nflag[i];
        on = !on;
        uint64_t missing = 0, new_ends = 0;
        /* far_flag gathers the flags of the levels 4 on (level lv + 1) */
        const uint64_t far = lv + 1 >= 4 ? ~(uint64_t)0 : 0;
        for (int i = 0; i < w; i++) {
            uint64_t n = next[i] & ~seen[on][i], f = (nflag[i] | groups[i]) & n;
            seen[on][i] |= n;
            any |= n;
            new_ends |= n & ends[on][i];
            nfront[i] = n;
            nf[i] = f;
            far_flag[on][i] |= f & far;
        }
        s->n_levels = lv + 1;
        if (!any)
            break;
        /* the ends all reached: only at a level reaching one of them
         * (ends[] are empty from an off start) */
        if (new_ends) {
            for (int i = 0; i < w; i++)
                missing |= (ends[0][i] & ~seen[0][i]) | (ends[1][i] & ~seen[1][i]);
            if (!missing)
                break;
        }
    }
    for (int i = 0; i < w; i++) {
        s->far_flag[0][i] = far_flag[0][i];
        s->far_flag[1][i] = far_flag[1][i];
    }
}

/* walk_bits_w with the words of a set a constant, its loops unrolled. */
static void walk_bits(struct gc_search *s, int start)
{
    switch (s->words) {
    case 1: walk_bits_w(s, start, 1); break;
    case 2: walk_bits_w(s, start, 2); break;
    case 3: walk_bits_w(s, start, 3); break;
    case 4: walk_bits_w(s, start, 4); break;
    case 5: walk_bits_w(s, start, 5); break;
    case 6: walk_bits_w(s, start, 6); break;
    case 7: walk_bits_w(s, start, 7); break;
    default: walk_bits_w(s, start, GC_WORDS); break;
    }
}

static void walk(struct gc_search *s, int start)
{
    if (s->bits)
        walk_bits(s, start);
    else if (s->als)
        walk_in(s, start, 1);
    else
        walk_in(s, start, 0);
}

/* Whether the node at position p may stand before the nodes placed after
 * it (later: the first cells of those at p + 2 on): HoDoKu's lasso rule,
 * that no node's (first) cell is among the cells of a node two or more
 * places before it; a loop's start cell is not counted, and a loop's
 * first link leaves it.  (An ALS node's cells are all its set's.) */
static int fits(const struct gc_search *s, int p, int loop, int start_cell,
                tech_cells later)
{
    int node = s->path[p] >> 1;
    if (loop && p == 1 && node_cell(s, node) == start_cell)
        return 0;
    if (loop && node_cell(s, node) == start_cell)
        return 1;
    /* an ALS node bars all of its set's cells */
    tech_cells cells = is_als(node) ? s->set[anode_of(s, node)->set].cells
                                    : node_cells(s, node);
    return (cells & later) == 0;
}

/* Fills s->path[0 .. p] back from s->path[p + 1] with states one link
 * nearer the start each, trying them in turn (groups first) until the
 * chain fits the lasso rule and has a group (*budget: states tried). */
static int back_from(struct gc_search *s, int p, int loop, int start_cell,
                     int grouped, tech_cells later, int *budget)
{
    int st = s->path[p + 1], on = st & 1;
    /* it came from the other polarity, over a link of its kind */
    const uint16_t *nb = s->adj + s->start[(st & ~1) + on];
    int n = s->start[(st & ~1) + on + 1] - s->start[(st & ~1) + on];
    tech_cells below = later | tech_cell_bit(node_cell(s, st >> 1));
    for (int k = 0; k < n; k++) {
        int prev = nb[k] * 2 + !on;
        if (s->als && on && is_als(st >> 1) && !is_als(nb[k]))
            continue; /* a forcing read backwards */
        if (!reached_at(s, prev, p + 1) || (!grouped && !flagged_at(s, prev, p + 1)) ||
            --*budget < 0)
            continue;
        s->path[p] = (uint16_t)prev;
        if (!fits(s, p, loop, start_cell, later))
            continue;
        int g = grouped || marks(s, nb[k]);
        /* a set passed by two of its nodes is one node of HoDoKu's, named
         * by the first one's cell */
        tech_cells named = same_set(s, nb[k], st >> 1) ? later : below;
        if (p == 0 ? g : back_from(s, p - 1, loop, start_cell, g, named, budget))
            return 1;
        if (*budget < 0)
            return 0;
    }
    return 0;
}

/* Reads back a walk to state end into s->path (start first) that HoDoKu
 * takes as a chain (its lasso rule; loop: it ends in the start cell) and
 * has a group; 0 when none is found among the shortest walks. */
static int read_back(struct gc_search *s, int end, int len, int loop)
{
    int budget = s->als ? 4000 : 400;
    if (len > GC_MAX_PATH || !flagged_at(s, end, len))
        return 0;
    s->len = len;
    s->path[len - 1] = (uint16_t)end;
    int start_cell = node_cell(s, end >> 1);
    return back_from(s, len - 2, loop, start_cell, marks(s, end >> 1), 0, &budget);
}

/* ---- what a chain proves ------------------------------------------- */

static tech_cells chain_cells(const struct gc_search *s)
{
    tech_cells m = 0;
    for (int i = 0; i < s->len; i++) {
        int node = s->path[i] >> 1;
        /* an ALS node by its first cell, as HoDoKu's chain records it (a
         * set passed by two of its nodes: the first's) */
        if (i > 0 && same_set(s, s->path[i - 1] >> 1, node))
            continue;
        m |= is_als(node) ? tech_cell_bit(node_cell(s, node)) : node_cells(s, node);
    }
    return m;
}

/* Cells with digit d seeing every cell of node. */
static tech_cells node_seers(const struct gc_search *s, int node, int d)
{
    if (is_group(node))
        return s->group[node - GC_CANDS].seers;
    if (is_als(node))
        return set_seers(s, s->set[anode_of(s, node)->set].cells, d);
    return tech_peers(node / 9) & s->with[d - 1];
}

/* A continuous loop passing set a at path[i] (ALS mode): it enters by
 * one digit and leaves by another (its next node), or by a forcing (the
 * forced cell's other digits, its next or previous node).  Each link
 * holding both ways, the set lacks one of them, so it holds its other
 * digits: they go from every cell seeing all of theirs in it; an exit of
 * a forcing is in the set or in the forced cell: it goes from the cells
 * seeing both.  Returns the nodes of the passage (1 or 2). */
static int als_passage(struct human_step *step, const struct gc_search *s, int i)
{
    const uint16_t *p = s->path;
    const struct gc_anode *a = anode_of(s, p[i] >> 1);
    const struct gc_set *set = &s->set[a->set];
    unsigned bound = tech_bit(a->digit), exits = 0;
    int n = 1, forced = -1;
    if (i + 1 < s->len && is_als(p[i + 1] >> 1) && anode_of(s, p[i + 1] >> 1)->set == a->set) {
        bound |= tech_bit(anode_of(s, p[i + 1] >> 1)->digit);
        n = 2;
    } else {
        forced = (p[i] & 1) ? p[i - 1] >> 1 : p[i + 1] >> 1;
        exits = s->st->cand[forced / 9] & ~tech_bit(forced % 9 + 1);
    }
    for (unsigned m = set->digits & ~bound; m; m &= m - 1) {
        int d = bits_lowest(m) + 1;
        tech_cells seers = set_seers(s, set->cells, d);
        if (exits & tech_bit(d))
            seers &= tech_peers(forced / 9);
        for (; seers; seers &= seers - 1)
            tech_eliminate(step, s->st, tech_cells_lowest(seers), d);
    }
    return n;
}

/* The eliminations of the continuous nice loop s->path. */
static void continuous(struct human_step *step, const struct gc_search *s)
{
    const struct human_state *st = s->st;
    const uint16_t *p = s->path;
    int last = s->len - 1;
    int c0 = node_cell(s, p[0] >> 1);
    tech_cells in_chain = chain_cells(s);
    if (!(p[0] & 1) && (p[last] & 1)) /* start cell: strong in and out */
        tech_eliminate_mask(step, st, c0,
                            ~(tech_bit(node_digit(s, p[0] >> 1)) |
                              tech_bit(node_digit(s, p[last] >> 1))) &
                                HUMAN_ALL_DIGITS);
    for (int i = 1; i <= last; i++) {
        int a = p[i - 1] >> 1, b = p[i] >> 1;
        int ca = node_cell(s, a), cb = node_cell(s, b);
        if ((p[i] & 1) && ca != cb && i <= last - 2 && !(p[i + 1] & 1) &&
            node_cell(s, p[i + 1] >> 1) == cb && node_cell(s, p[i + 2] >> 1) != cb)
            tech_eliminate_mask(step, st, cb,
                                ~(tech_bit(node_digit(s, b)) |
                                  tech_bit(node_digit(s, p[i + 2] >> 1))) &
                                    HUMAN_ALL_DIGITS);
        if (!(p[i] & 1) && ca != cb) {
            int d = node_digit(s, b);
            tech_cells m = node_seers(s, a, d) & node_seers(s, b, d) & ~in_chain &
                           ~tech_cell_bit(c0);
            for (; m; m &= m - 1)
                tech_eliminate(step, st, tech_cells_lowest(m), d);
        }
    }
    for (int i = 1; i < last && s->als; i++)
        if (is_als(p[i] >> 1))
            i += als_passage(step, s, i) - 1;
}

/* The kind of a nice loop from state start to state end, from its ends
 * alone: a discontinuous loop's eliminations (into step) are known from
 * them, a continuous loop's (continuous) need its path; or -1. */
static int loop_kind(struct human_step *step, const struct gc_search *s, int start,
                     int end)
{
    int first_strong = !(start & 1), last_strong = end & 1;
    int ds = node_digit(s, start >> 1), de = node_digit(s, end >> 1);
    int c0 = node_cell(s, start >> 1);
    const struct human_state *st = s->st;
    if (!first_strong && !last_strong && ds == de) {
        tech_eliminate(step, st, c0, ds);
        return GC_DISCONTINUOUS;
    }
    if (first_strong && last_strong && ds == de) {
        tech_eliminate_mask(step, st, c0, st->cand[c0] & ~tech_bit(ds));
        return GC_DISCONTINUOUS;
    }
    if (first_strong != last_strong && ds != de) {
        tech_eliminate(step, st, c0, first_strong ? de : ds);
        return GC_DISCONTINUOUS;
    }
    if ((!first_strong && !last_strong && bits_count(st->cand[c0]) == 2) ||
        (first_strong && last_strong) || first_strong != last_strong)
        return GC_LOOP;
    return -1;
}

/* What the nice loop s->path proves, into step: its kind, or -1. */
static int nice_loop(struct human_step *step, const struct gc_search *s)
{
    int kind = loop_kind(step, s, s->path[0], s->path[s->len - 1]);
    if (kind == GC_LOOP)
        continuous(step, s);
    return kind;
}

/* What the AIC from (s off) to the candidate v on proves (before any
 * walk is read back): 1 when it is an AIC HoDoKu takes. */
static int aic_proves(struct human_step *step, const struct gc_search *s, int start,
                      int v)
{
    const struct human_state *st = s->st;
    int c0 = start / 9, cv = v / 9, ds = start % 9 + 1, dv = v % 9 + 1;
    if (ds == dv) {
        tech_cells m = tech_peers(c0) & tech_peers(cv) & s->with[ds - 1];
        if (tech_cells_count(m) < 2)
            return 0;
        for (; m; m &= m - 1)
            tech_eliminate(step, st, tech_cells_lowest(m), ds);
        return 1;
    }
    if (!tech_sees(c0, cv) || !(st->cand[cv] & tech_bit(ds)) ||
        !(st->cand[c0] & tech_bit(dv)))
        return 0;
    tech_eliminate(step, st, c0, dv);
    tech_eliminate(step, st, cv, ds);
    return 1;
}

/* ---- saying it -------------------------------------------------------- */

/* "ALS[C1,C3]": the cells of an ALS node's set. */
static void say_set(struct human_step *step, const struct gc_search *s, int node)
{
    tech_say(step, "ALS[");
    for (tech_cells m = s->set[anode_of(s, node)->set].cells; m; m &= m - 1) {
        tech_say_cell(step, tech_cells_lowest(m));
        tech_say(step, "%s", (m & (m - 1)) ? "," : "]");
    }
}

static void say_node(struct human_step *step, const struct gc_search *s, int node)
{
    tech_cells cells = node_cells(s, node);
    tech_say(step, "(%d)", node_digit(s, node));
    if (is_als(node)) {
        say_set(step, s, node);
        return;
    }
    if (!is_group(node)) {
        tech_say_cell(step, node / 9);
        return;
    }
    const struct gc_group *gr = &s->group[node - GC_CANDS];
    if (gr->line < 9) { /* a row: B23 */
        tech_say(step, "%c", 'A' + gr->line);
        for (; cells; cells &= cells - 1)
            tech_say(step, "%d", tech_cells_lowest(cells) % 9 + 1);
    } else { /* a column: AB2 */
        for (; cells; cells &= cells - 1)
            tech_say(step, "%c", 'A' + tech_cells_lowest(cells) / 9);
        tech_say(step, "%d", gr->line - 9 + 1);
    }
}

/* Why a discontinuous loop's start cell loses what it loses. */
static void say_discontinuous(struct human_step *step, const struct gc_search *s)
{
    int first = s->path[0] >> 1, last = s->path[s->len - 1] >> 1;
    int start_on = s->path[0] & 1;
    tech_say(step, "; if ");
    say_node(step, s, first);
    if (first == last && start_on) {
        tech_say(step, " were true it would be false, so ");
        return;
    }
    if (first == last) {
        tech_say(step, " were false it would be true, so ");
        tech_say_cell(step, node_cell(s, first));
        tech_say(step, " is %d: ", node_digit(s, first));
        return;
    }
    if (start_on) { /* two digits of one cell true */
        tech_say(step, " were true, ");
        say_node(step, s, last);
        tech_say(step, " would be true too, so ");
        return;
    }
    tech_say(step, " were false, ");
    say_node(step, s, last);
    tech_say(step, " would be false, and it is if ");
    say_node(step, s, first);
    tech_say(step, " is true, so ");
}

static void chain_step(struct human_step *step, const struct gc_search *s, int kind)
{
    static const char *const names[] = {"Grouped AIC",
                                        "Grouped continuous nice loop",
                                        "Grouped discontinuous nice loop"};
    for (int i = 0; i < s->len; i++) {
        int node = s->path[i] >> 1, d = node_digit(s, node);
        for (tech_cells m = node_cells(s, node); m; m &= m - 1)
            tech_cause(step, tech_cells_lowest(m), d);
    }
    tech_say(step, "%s: ", names[kind]);
    for (int i = 0; i < s->len; i++) {
        int node = s->path[i] >> 1, next = i + 1 < s->len ? s->path[i + 1] >> 1 : -1;
        if (i)
            tech_say(step, "%s", (s->path[i] & 1) ? " = " : " - ");
        if (is_als(node) && next >= 0 && is_als(next) &&
            anode_of(s, next)->set == anode_of(s, node)->set) {
            /* in by one digit, out by another: (5=3)ALS[C1,C3] */
            tech_say(step, "(%d=%d)", node_digit(s, node), node_digit(s, next));
            say_set(step, s, node);
            i++;
            continue;
        }
        say_node(step, s, node);
    }
    if (kind == GC_AIC) {
        tech_say(step, "; either ");
        say_node(step, s, s->path[0] >> 1);
        tech_say(step, " or ");
        say_node(step, s, s->path[s->len - 1] >> 1);
        tech_say(step, " is true, so ");
    } else if (kind == GC_LOOP) {
        tech_say(step, " and back to the start; every weak link holds, so ");
    } else {
        say_discontinuous(step, s);
    }
    tech_say_elims(step);
}

/* ---- the search ------------------------------------------------------- */

struct gc_best {
    int n_elim, len, kind;
    uint16_t path[GC_MAX_PATH];
};

/* One chain found (path read back, eliminations in cur): handed on in
 * collect mode, else kept when it beats the best.  Returns 1 to stop. */
static int found(struct tech_ctx *ctx, struct human_step *step, struct gc_search *s,
                 struct human_step *cur, int kind, struct gc_best *best)
{
    if (cur->n_elim == 0 || tech_kept_beats(ctx, cur->n_elim))
        return 0;
    if (ctx->collect) {
        tech_step_reset(step);
        *step = *cur;
        chain_step(step, s, kind);
        return tech_found(ctx, step);
    }
    if (cur->n_elim > best->n_elim || (cur->n_elim == best->n_elim && s->len < best->len)) {
        best->n_elim = cur->n_elim;
        best->len = s->len;
        best->kind = kind;
        memcpy(best->path, s->path, sizeof s->path[0] * (size_t)s->len);
    }
    return 0;
}

/* The chains from the state start: nice loops back to its cell, and
 * AICs when it is off.  Returns 1 when collect mode stops. */
static int from_start(struct tech_ctx *ctx, struct human_step *step,
                      struct gc_search *s, int start, struct gc_best *best)
{
    struct human_step cur;
    int node = start >> 1, cell = node / 9;
    cur.flags = step->flags;
    /* from an on state of a cell that is not bivalue only discontinuous
     * loops are read (below), ending on its cell's other digits on or on
     * itself off, and each removes just the start (nice_loop, its weak
     * first link): when that cannot be taken before the receiver's kept
     * step, nothing from here can, and the walk is not made */
    if ((start & 1) && bits_count(s->st->cand[cell]) != 2 &&
        tech_kept_beats_set(ctx, tech_cell_bit(cell), node % 9 + 1))
        return 0;
    walk(s, start);
    /* from an on state, a loop ending off on another digit of the cell
     * proves nothing unless the cell is bivalue (nice_loop): not read */
    int weak_ends = !(start & 1) || bits_count(s->st->cand[cell]) == 2;
    for (unsigned m = s->st->cand[cell]; m; m &= m - 1) {
        int end_node = cell * 9 + bits_lowest(m);
        for (int on = !weak_ends && end_node != node; on <= 1; on++) {
            int end = end_node * 2 + on, lv = end == start ? 0 : flagged_level(s, end);
            if (!lv)
                continue;
            /* a discontinuous loop with fewer eliminations than the
             * receiver's kept step is never taken: not read back */
            tech_step_reset(&cur);
            int kind = loop_kind(&cur, s, start, end);
            if (kind < 0 || (kind == GC_DISCONTINUOUS && tech_kept_beats(ctx, cur.n_elim)) ||
                !read_back(s, end, lv, 1))
                continue;
            if (kind == GC_LOOP)
                continuous(&cur, s);
            if (found(ctx, step, s, &cur, kind, best))
                return 1;
        }
    }
    if (start & 1)
        return 0;
    /* walk_bits: the candidates on at level 4 or more (even levels, the
     * start being off) with a group, as a set */
    const uint64_t *ends = s->far_flag[1];
    for (int k = 0; k < s->n_live; k++) {
        if (s->bits) { /* on to the next such candidate */
            int i = k / 64;
            uint64_t r = ends[i] & (~(uint64_t)0 << (k % 64));
            while (!r && ++i < s->words)
                r = ends[i];
            if (!r)
                break;
            k = i * 64 + bits_lowest64(r);
            if (k >= s->n_live)
                break;
        }
        int v = s->live[k], end = v * 2 + 1;
        int lv = s->bits ? 0 : level_of(s, end);
        if (v / 9 == cell || (!s->bits && (lv < 4 || !grouped_at(s, end))))
            continue;
        tech_step_reset(&cur);
        /* one with fewer eliminations than the receiver's kept step is
         * never taken: not read back */
        if (!aic_proves(&cur, s, node, v) || cur.n_elim == 0 ||
            tech_kept_beats(ctx, cur.n_elim))
            continue;
        if (s->bits)
            lv = state_level(s, end);
        if (!read_back(s, end, lv, 0))
            continue;
        if (found(ctx, step, s, &cur, GC_AIC, best))
            return 1;
    }
    return 0;
}

/* The search (als: ALS mode, whose chains pass an ALS node). */
static int grouped_chains(struct tech_ctx *ctx, struct human_step *step, int als)
{
    /* about 300 KB of stack: no allocation, reentrant */
    struct gc_search s;
    struct gc_best best = {0, 0, 0, {0}};
    const struct human_state *st = ctx->st;
    s.st = st;
    s.g = tech_ctx_links(ctx);
    s.with = tech_ctx_digits(ctx)->cells;
    s.als = als;
    build_groups(&s);
    s.tag = 0;
    tech_step_reset(step);
    /* a chain's ends are candidates, so a group in it is entered or left
     * by a strong link: without one, no chain has a group */
    if (!als && s.n_strong_groups == 0)
        return 0;
    if (als) {
        build_sets(&s);
        if (s.n_anodes == 0)
            return 0;
    }
    build_graph(&s);
    s.n_live = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++)
        for (unsigned m = st->value[cell] ? 0 : st->cand[cell]; m; m &= m - 1)
            s.live[s.n_live++] = (uint16_t)(cell * 9 + bits_lowest(m));
    build_bits(&s);
    if (!s.bits) /* walk_in's states */
        memset(s.state, 0,
               sizeof s.state[0] * 2 * (size_t)(als ? GC_NODES + s.n_anodes : GC_NODES));
    for (int k = 0; k < s.n_live; k++) {
        int node = s.live[k];
        if (from_start(ctx, step, &s, node * 2 + 1, &best) ||
            from_start(ctx, step, &s, node * 2, &best))
            return 1;
    }
    if (ctx->collect || best.n_elim == 0)
        return 0;
    s.len = best.len;
    memcpy(s.path, best.path, sizeof best.path[0] * (size_t)best.len);
    tech_step_reset(step);
    if (best.kind == GC_AIC)
        aic_proves(step, &s, s.path[0] >> 1, s.path[best.len - 1] >> 1);
    else
        nice_loop(step, &s);
    chain_step(step, &s, best.kind);
    return 1;
}

int tech_find_grouped_nice_loop(struct tech_ctx *ctx, struct human_step *step)
{
    return grouped_chains(ctx, step, 0);
}

int tech_find_grouped_nice_loop_als(struct tech_ctx *ctx, struct human_step *step)
{
    return grouped_chains(ctx, step, 1);
}
