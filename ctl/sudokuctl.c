/*
 * sudokuctl: the command-line client.  Owns argument dispatch and the help
 * texts; each subcommand lives in a ctl_*.c file and is one row of
 * commands[] below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "defaults.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *help;
    int (*remote)(int argc,
                  char **argv); /* instead of run when --socket is given */
};

#define DAEMON_EXIT \
    "\nExit status: 0 ok, 1 an error reply from the daemon (its code and\n" \
    "message on stderr), 2 a usage error, 3 no daemon at the socket.\n"
#define SOCKET_HELP \
    "Asks the running sudokud over its socket (--socket PATH, else\n" \
    "$SUDOKUD_SOCKET, else " SUDOKUD_DEFAULT_SOCKET "); --json prints its\n" \
    "JSON reply as is.\n"

static const struct command commands[] = {
    {"solve", ctl_cmd_solve, "solve [PUZZLE|FILE|-]... [--json]",
     "Solves each PUZZLE given as an argument and each puzzle line of each\n"
     "FILE (standard input for '-', or when no argument is given). Blank\n"
     "lines and lines starting with '#' are skipped. A puzzle is 81\n"
     "characters: '1'-'9' for a given, '.' or '0' for an empty cell; an\n"
     "argument of digits and '.' only that names no file is a PUZZLE.\n"
     "\n"
     "Prints one line per puzzle: the 81-digit solution, or\n"
     "  unsolvable        the givens are consistent but no grid completes them\n"
     "  multiple          more than one solution (none is printed)\n"
     "  invalid: REASON   not a puzzle: wrong length, a bad character, or a\n"
     "                    digit repeated in a row, column or box\n"
     "--json prints one object per line instead:\n"
     "  {\"line\":3,\"puzzle\":\"...\",\"status\":\"solved\",\"solution\":\"...\"}\n"
     "with status solved, unsolvable, multiple or invalid (with \"error\");\n"
     "\"line\" is the line of its FILE, or the position of a PUZZLE argument.\n"
     "\n"
     "Exit status: 0 when every line was read (whatever the verdicts), 1 on an\n"
     "I/O error, 2 on a usage error.\n",
     NULL},
    {"count", ctl_cmd_count, "count [--limit N] [PUZZLE|FILE|-]... [--json]",
     "Counts the solutions of one puzzle per input line, stopping at N\n"
     "(default 2: \"none, one, or more than one\"). Input as for solve.\n"
     "\n"
     "Prints the count (capped at N) per line, or 'invalid: REASON'.\n"
     "--json prints {\"line\":1,\"puzzle\":\"...\",\"status\":\"counted\",\n"
     "\"solutions\":1,\"limit\":2}, or status invalid with \"error\".\n"
     "\n"
     "Exit status: 0 when every line was read, 1 on an I/O error, 2 on a\n"
     "usage error.\n",
     NULL},
    {"grade", ctl_cmd_grade, "grade [PUZZLE|FILE|-]... [--json]",
     "Grades each puzzle (input as for solve) with the solver\n"
     "that uses a person's techniques, easiest step first.\n"
     "\n"
     "Prints one line per puzzle: TIER SCORE/PEARL/DIAMOND HARDEST, e.g.\n"
     "'medium 2.6/1.2/1.2 Pointing'. TIER is easy, medium, hard, expert or\n"
     "extreme; SCORE is the Sudoku Explainer 1.2.1.3 rating (the hardest\n"
     "step's), PEARL the highest rating up to the first placement, DIAMOND\n"
     "the first step's, as SE computes them; HARDEST is the hardest step's\n"
     "technique. TIER comes from a solve in HoDoKu's order with its base\n"
     "scores, the rest from one in Sudoku Explainer's order with its rules.\n"
     "A puzzle no known technique finishes is unrated, said so with the\n"
     "pass that got stuck and what it would need:\n"
     "  unrated: stuck after 12 steps, where no technique this solver knows\n"
     "  applies (Sudoku Explainer would go on with its dynamic forcing chains\n"
     "  (+) or nested chains, 9.0 and up, which this solver does not have);\n"
     "  the hardest step so far was Hidden single (1.2)\n"
     "Puzzles that are not proper get the verdicts of solve: invalid: REASON,\n"
     "unsolvable, multiple.\n"
     "--json adds, from HoDoKu's solve, effort (its score) and tier_hardest;\n"
     "from SE's, score_hardest (also under its older key hardest_technique),\n"
     "steps and counts per technique:\n"
     "  {\"tier\":\"medium\",\"effort\":512,\"tier_hardest\":\"Pointing\",\n"
     "   \"score\":2.6,\"pearl\":1.2,\"diamond\":1.2,\"score_hardest\":\"Pointing\",\n"
     "   \"hardest_technique\":\"Pointing\",\"steps\":59,\n"
     "   \"technique_counts\":{...},\"line\":1,\"puzzle\":\"...\",\"status\":\"graded\"}\n"
     "\n"
     "Exit status: 0 when every line was read, 1 on an I/O error, 2 on a\n"
     "usage error.\n",
     NULL},
    {"explain", ctl_cmd_explain,
     "explain STATE|FILE|- [--puzzle PUZZLE] [--rater hodoku|se] [--json] "
     "[--candidates]",
     "Solves STATE step by step as a person would and prints one numbered\n"
     "sentence per step, then the grade. The path is the tier's solve\n"
     "(HoDoKu's order), or with --rater se the score's (Sudoku Explainer's). STATE is a puzzle (81 characters) or\n"
     "a pencil-mark state in any form hint takes (see 'sudokuctl help hint'),\n"
     "given as the argument, in FILE, or on standard input with '-'. A state\n"
     "is judged first as hint judges it (wrong marks are answered\n"
     "'wrong-marks: C4 lost its 7', never explained; --puzzle gives its\n"
     "givens), then solved from its own candidates; its summary names the\n"
     "hardest step instead of a grade. --candidates also prints the grid with\n"
     "its candidates at the start and before every step beyond singles\n"
     "(columns 1-9 above, rows A-I on the left, as the sentences name cells).\n"
     "--json prints one object with the grade (a state: \"state\",\n"
     "\"hardest_technique\" and \"score\") and every step (technique, rating, text, placements,\n"
     "eliminations, causes, houses).\n"
     "\n"
     "Exit status: 0, 1 when the puzzle or state has no or several solutions\n"
     "or FILE cannot be read, 2 when STATE is not a puzzle or a state (the\n"
     "message names the cell), 4 when its marks are wrong.\n",
     NULL},
    {"hint", ctl_cmd_hint,
     "hint STATE|FILE|- [--puzzle PUZZLE] [--json] [--socket PATH]",
     "Gives the next step a person should take from STATE, and nothing more.\n"
     "STATE is a partly filled grid (81 characters), or a pencil-mark state:\n"
     "  the 729-character line: for each cell A1 to I9, for each digit 1 to 9,\n"
     "    the digit when it is still a candidate, '.' or '0' when it is not;\n"
     "  a pencil-mark grid as HoDoKu's \"Copy pm grid\" and Sudoku Explainer's\n"
     "    \"Copy pencilmarks\" write it: nine rows of nine cells, each its\n"
     "    candidates (\"19\", \"578\") or its value, '|' between boxes, border\n"
     "    lines of '-', '+', '.', ':'.\n"
     "Give it as the argument, in FILE, or on standard input with '-'. A cell\n"
     "that shows one digit is a value unless another cell of its row, column\n"
     "or box shows that digit among several candidates; then it is a single\n"
     "not placed yet. The step of a pencil-mark state comes from its own\n"
     "candidates.\n"
     "\n"
     "Prints 'STATUS: MESSAGE' with STATUS one of step, solved, wrong (the\n"
     "entries that differ from the solution; needs --puzzle, the original\n"
     "givens), conflict (a digit repeated in a house), no-solution (an entry\n"
     "is wrong somewhere), multiple (several solutions), stuck (no known\n"
     "technique applies) or, for a pencil-mark state, wrong-marks: the first\n"
     "cell whose marks lost the solution's digit, or that holds another\n"
     "('wrong-marks: C4 lost its 7', 'wrong-marks: C4 holds 5, not its 7'),\n"
     "judged against the solution of --puzzle, else the one the state's\n"
     "filled cells complete to. Wrong marks are never explained around.\n"
     "\n"
     "Works offline; with --socket PATH the daemon at PATH answers instead\n"
     "(same output; a pencil-mark grid is sent as its 729-character line;\n"
     "exit status 1 for an error reply, 3 when no daemon).\n"
     "\n"
     "Exit status: 0 for any answer but wrong-marks, 4 for wrong-marks, 2 when\n"
     "STATE or PUZZLE is not a grid or a state (the message names the cell),\n"
     "1 when FILE cannot be read.\n",
     ctl_cmd_hint_remote},
    {"steps", ctl_cmd_steps,
     "steps STATE|FILE|- [--technique KEY] [--puzzle PUZZLE] [--json] [--socket PATH]\n"
     "                   steps --list-techniques [--json]",
     "Lists every step that applies in STATE, as HoDoKu's \"all steps\" panel\n"
     "does: every instance of every technique (or only of technique KEY),\n"
     "easiest technique first, each a numbered sentence that names its\n"
     "technique, its cells and what it eliminates or places; then the count.\n"
     "Nothing is applied: all are steps from STATE itself. STATE is given as\n"
     "hint takes it (81 characters, the 729-character line or a pencil-mark\n"
     "grid; as the argument, in FILE, or on standard input with '-') and is\n"
     "judged first as hint judges it: a state that is not right gets hint's\n"
     "'STATUS: MESSAGE' (solved, wrong, conflict, no-solution, multiple) and\n"
     "marks that lost the solution's digit get 'wrong-marks: C4 lost its 7'\n"
     "(--puzzle gives the givens to judge against), never a list.\n"
     "--list-techniques prints the keys KEY may name, with each technique's\n"
     "name, rating and group.\n"
     "--json prints one object: {\"status\":\"steps\",\"message\":\"12 steps\",\n"
     "\"technique\":KEY or null,\"count\":12,\"total\":12,\"truncated\":false,\n"
     "\"steps\":[...]}, each step as hint --json gives it (technique, name,\n"
     "rating, text, placements, eliminations, causes, houses); a state that is\n"
     "not right gets hint's object.\n"
     "\n"
     "Works offline and lists every step; with --socket PATH the daemon at PATH\n"
     "answers instead and lists at most 50 (\"truncated\":true and the total\n"
     "say how many more; exit status 1 for an error reply, 3 when no daemon).\n"
     "\n"
     "Exit status: 0 for any answer but wrong-marks, 4 for wrong-marks, 2 when\n"
     "STATE or PUZZLE is not a grid or a state, or KEY is no technique's key,\n"
     "1 when FILE cannot be read.\n",
     ctl_cmd_steps_remote},
    {"today", ctl_cmd_today,
     "today [TIER] [--solution|solution] [--json] [--socket PATH]",
     "Prints today's puzzle of TIER (a tier's name in any case, 'today Hard';\n"
     "a wrong one gets the list), or every tier's, as grids with their date,\n"
     "score and hardest technique; with --solution (or the socket's word:\n"
     "'today hard solution'), their solutions too. \"Today\" is the daemon's,\n"
     "in its configured time zone.\n" SOCKET_HELP DAEMON_EXIT,
     NULL},
    {"get", ctl_cmd_get,
     "get DATE [TIER] [--solution|solution] [--json] [--socket PATH]",
     "Prints the puzzles of a published DATE, as today does. DATE is\n"
     "YYYY-MM-DD, or counted from the daemon's today (the day 'today'\n"
     "prints): yesterday, today, tomorrow, today+N or today-N (also +N, -N;\n"
     "N days, at most 3660). A day after today is not published yet,\n"
     "whichever way it is named: 'get tomorrow' is answered not_found.\n" SOCKET_HELP
         DAEMON_EXIT,
     NULL},
    {"list", ctl_cmd_list,
     "list FROM TO [--solution|solution] [--json] [--socket PATH]",
     "Prints one line per published puzzle from FROM to TO (YYYY-MM-DD, at\n"
     "most 31 days): DATE TIER PUZZLE [SOLUTION].\n" SOCKET_HELP DAEMON_EXIT,
     NULL},
    {"check", ctl_cmd_check,
     "check STATE|FILE|- [PUZZLE] [--puzzle PUZZLE] [--json] [--socket PATH]",
     "Says whether the filled cells of STATE (81 characters, or nine rows;\n"
     "as the argument, in FILE, or on standard input with '-') agree with the\n"
     "unique solution: 'STATUS: MESSAGE' with STATUS correct, solved, wrong\n"
     "(then 'wrong: A1 C7'; needs PUZZLE, the original givens, as --puzzle\n"
     "or the second word), conflict, no-solution or multiple.\n"
     "--json prints {\"ok\":true,\"status\",\"message\",\"wrong\",\"filled\",\n"
     "\"empty\"}, the daemon's reply.\n"
     "\n"
     "Works offline; with --socket PATH the daemon at PATH answers instead\n"
     "(same output; exit status 1 for an error reply, 3 when no daemon).\n"
     "\n"
     "Exit status: 0 for any verdict, 2 when STATE or PUZZLE is not a grid,\n"
     "STATE changes a given of PUZZLE or PUZZLE has no or several solutions,\n"
     "1 when FILE cannot be read.\n",
     ctl_cmd_check_remote},
    {"stats", ctl_cmd_stats, "stats [--json] [--socket PATH]",
     "Prints the daemon's counters, one 'name: value' per line: uptime,\n"
     "puzzles stored, last generation, requests, errors, connections,\n"
     "thread-pool jobs, webhook backlog.\n" SOCKET_HELP DAEMON_EXIT,
     NULL},
    {"ping", ctl_cmd_ping, "ping [--json] [--socket PATH]",
     "Prints 'pong' when the daemon answers.\n" SOCKET_HELP DAEMON_EXIT, NULL},
    {"webhook", ctl_cmd_webhook,
     "webhook status|retry ID|all|replay DATE|test [NAME] [--json] [--socket PATH]",
     "Operates the daemon's webhook delivery:\n"
     "  status       one line per endpoint: enabled, disabled by a 410 (since\n"
     "               when, why) or no longer configured; events pending (and\n"
     "               the oldest), dead and delivered; the last success.\n"
     "  retry ID|all makes a dead or waiting event (its webhook-id, msg_...),\n"
     "               or all of them, due now with its attempts reset, and\n"
     "               enables again the endpoints a 410 disabled.\n"
     "  replay DATE  sends the puzzles of a published DATE (YYYY-MM-DD) again\n"
     "               to every enabled endpoint, as a new event (new webhook-id,\n"
     "               same content).\n"
     "  test [NAME]  queues a signed webhook.test event now for endpoint NAME,\n"
     "               or every enabled one.\n"
     "status is open to anyone who may use the socket; retry, replay and test\n"
     "are answered only for root and the daemon's own user (others get\n"
     "'forbidden'): run them with sudo.\n" SOCKET_HELP DAEMON_EXIT,
     NULL},
    {"backup", ctl_cmd_backup, "backup FILE [--json] [--socket PATH]",
     "Has the running daemon copy its database to FILE with SQLite's online\n"
     "backup (queries keep being answered; the copy is consistent). A relative\n"
     "FILE is taken from the current directory; the file is written by the\n"
     "daemon, as its user and in its view of the files (a systemd service with\n"
     "PrivateTmp has its own /tmp): choose a directory it may write to, such as\n"
     "its state directory. FILE must not exist yet and may not contain spaces.\n"
     "Prints the file and its size.\n" SOCKET_HELP DAEMON_EXIT,
     NULL},
    {"generate", ctl_cmd_generate,
     "generate --difficulty TIER [--count N] [--seed S] [--symmetry SYM]\n"
     "                   [--minimal] [--min-clues N] [--max-clues N] [--attempts N] [--json]",
     "Generates puzzles with exactly one solution that grade to TIER (easy,\n"
     "medium, hard, expert or extreme), with a symmetric clue pattern: SYM is\n"
     "none, rotational-180 (the default), rotational-90, mirror or diagonal.\n"
     "--minimal keeps only puzzles where every clue is needed; --min-clues\n"
     "and --max-clues bound the clue count; --attempts bounds the complete\n"
     "grids tried per puzzle (default 500) before giving up with an error.\n"
     "\n"
     "The same seed and options give the same puzzles on every run (for this\n"
     "generator version). Puzzle i of --count N uses seed S+i. Without --seed\n"
     "a seed is drawn from the OS and printed on standard error.\n"
     "\n"
     "Prints one 81-character puzzle per line; --json prints one object per\n"
     "puzzle: puzzle, solution, tier, score (Sudoku Explainer scale),\n"
     "hardest_technique, clues, symmetry, seed (a decimal string), attempts\n"
     "and generator_version (a string, as the daemon gives it).\n"
     "\n"
     "Exit status: 0 ok, 1 when no puzzle could be made within the budget,\n"
     "2 on a usage error.\n",
     NULL},
    {"render", ctl_cmd_render,
     "render PUZZLE|FILE [--format svg|png|pdf] [--state STATE] [--solution]\n"
     "                   [--candidates] [--hint] [--labels] [--date DATE] [--tier TIER]\n"
     "                   [--size PX|--paper a4|letter] -o OUT",
     "Draws one puzzle (written out, or the first puzzle line of FILE, '-'\n"
     "for standard input) as SVG 1.1, PNG or PDF into OUT ('-' for standard\n"
     "output); without --format the extension of OUT (.svg, .png, .pdf)\n"
     "chooses, else SVG. Thin cell lines, thick box lines, the givens bold.\n"
     "  --state STATE a player's progress over the givens, as hint takes it\n"
     "                (81 characters, 729, a pencil-mark grid, a FILE or '-'):\n"
     "                its digits in blue, a pencil-mark state's own marks\n"
     "  --solution    the solution's digits in the empty cells, in grey\n"
     "  --candidates  each empty cell's candidates as a 3x3 mini-grid\n"
     "  --hint        the candidates and the next step a person would take\n"
     "                (from STATE with --state):\n"
     "                its houses in yellow, what justifies it in blue, what\n"
     "                it removes in red, what it places in green\n"
     "  --labels      rows A-I and columns 1-9 around the grid\n"
     "  --date, --tier  a caption under the grid (printable ASCII)\n"
     "  --size PX     the width in px (PNG) or points (PDF); default 450\n"
     "  --paper       a PDF page of A4 or Letter with the grid centred\n"
     "PDFs embed the DejaVu Sans fonts they use.\n"
     "\n"
     "Exit status: 0 ok, 1 an I/O error or a puzzle that has no solution or\n"
     "no hint, 2 a usage error (a bad PUZZLE among them).\n",
     NULL},
    {"print", ctl_cmd_print,
     "print FROM TO [--tiers T1,T2...] [--per-page 1|2|4|6] [--paper a4|letter]\n"
     "                   [--socket PATH] -o OUT",
     "Makes a PDF booklet of the puzzles the daemon published from FROM to TO\n"
     "(dates, YYYY-MM-DD; any span, asked 31 days at a time), of every tier\n"
     "or of those --tiers names: --per-page puzzles a page (default 6), each\n"
     "with its date, tier and score, then all the solutions small at the\n"
     "back, 20 a page. Every page's footer names its dates and its number.\n"
     "A4 unless --paper letter; DejaVu Sans embedded. OUT '-' is standard\n"
     "output; a file OUT is written whole or not at all.\n"
     SOCKET_HELP DAEMON_EXIT,
     NULL},
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void print_usage(FILE *out)
{
    fprintf(
        out,
        "usage: sudokuctl [--help] [--version] [--socket PATH] COMMAND [ARGS]\n\n"
        "The commands that ask the daemon use --socket PATH, else the socket\n"
        "named by the environment variable SUDOKUD_SOCKET, else\n"
        "%s. hint, steps and check work offline unless\n"
        "--socket PATH is given.\n\n"
        "Commands:\n",
        SUDOKUD_DEFAULT_SOCKET);
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  sudokuctl %s\n", commands[i].synopsis);
    fprintf(out, "\n'sudokuctl help COMMAND' describes one command.\n");
}

static int help(int argc, char **argv)
{
    if (argc < 1) {
        print_usage(stdout);
        return CTL_EXIT_OK;
    }
    const struct command *c = find_command(argv[0]);
    if (!c) {
        fprintf(stderr, "sudokuctl help: no command '%s'\n", argv[0]);
        print_usage(stderr);
        return CTL_EXIT_USAGE;
    }
    printf("usage: sudokuctl %s\n\n%s", c->synopsis, c->help);
    return CTL_EXIT_OK;
}

/* A --socket PATH before the command is passed on after its arguments. */
static int run_command(const struct command *c, int argc, char **argv,
                       const char *socket)
{
    int remote = socket != NULL;
    for (int i = 0; i < argc; i++)
        remote |= strcmp(argv[i], "--socket") == 0;
    int (*run)(int, char **) = remote && c->remote ? c->remote : c->run;
    if (socket == NULL)
        return run(argc, argv);
    char **args = malloc(((size_t)argc + 3) * sizeof *args);
    if (!args) {
        fprintf(stderr, "sudokuctl: out of memory\n");
        return CTL_EXIT_ERROR;
    }
    memcpy(args, argv, (size_t)argc * sizeof *args);
    args[argc] = "--socket";
    args[argc + 1] = (char *)socket;
    args[argc + 2] = NULL;
    int rc = run(argc + 2, args);
    free(args);
    return rc;
}

int main(int argc, char **argv)
{
    const char *socket = NULL;
    if (argc >= 3 && strcmp(argv[1], "--socket") == 0) {
        socket = argv[2];
        argc -= 2;
        argv += 2;
    }
    if (argc < 2) {
        print_usage(stderr);
        return CTL_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
        return help(0, NULL);
    if (strcmp(name, "--version") == 0) {
        printf("sudokuctl %s\n", SUDOKUD_VERSION);
        return CTL_EXIT_OK;
    }
    if (strcmp(name, "help") == 0)
        return help(argc - 2, argv + 2);
    const struct command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "sudokuctl: unknown command '%s'\n", name);
        print_usage(stderr);
        return CTL_EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return help(1, argv + 1);
    return run_command(c, argc - 2, argv + 2, socket);
}
