/*
 * sudokuctl: the command-line client.  Owns argument dispatch and the help
 * texts; each subcommand lives in a ctl_*.c file and is one row of
 * commands[] below.
 */
#include <stdio.h>
#include <string.h>

#include "ctl.h"

#ifndef SUDOKUD_VERSION
#define SUDOKUD_VERSION "0.1.0"
#endif

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *help;
};

static const struct command commands[] = {
    {"solve", ctl_cmd_solve, "solve [FILE|-] [--json]",
     "Solves one puzzle per input line (FILE, or standard input when FILE is\n"
     "omitted or '-'). Blank lines and lines starting with '#' are skipped.\n"
     "A puzzle is 81 characters: '1'-'9' for a given, '.' or '0' for an\n"
     "empty cell.\n"
     "\n"
     "Prints one line per puzzle: the 81-digit solution, or\n"
     "  unsolvable        the givens are consistent but no grid completes them\n"
     "  multiple          more than one solution (none is printed)\n"
     "  invalid: REASON   not a puzzle: wrong length, a bad character, or a\n"
     "                    digit repeated in a row, column or box\n"
     "--json prints one object per line instead:\n"
     "  {\"line\":3,\"puzzle\":\"...\",\"status\":\"solved\",\"solution\":\"...\"}\n"
     "with status solved, unsolvable, multiple or invalid (with \"error\").\n"
     "\n"
     "Exit status: 0 when every line was read (whatever the verdicts), 1 on an\n"
     "I/O error, 2 on a usage error.\n"},
    {"count", ctl_cmd_count, "count [--limit N] [FILE|-] [--json]",
     "Counts the solutions of one puzzle per input line, stopping at N\n"
     "(default 2: \"none, one, or more than one\"). Input as for solve.\n"
     "\n"
     "Prints the count (capped at N) per line, or 'invalid: REASON'.\n"
     "--json prints {\"line\":1,\"puzzle\":\"...\",\"status\":\"counted\",\n"
     "\"solutions\":1,\"limit\":2}, or status invalid with \"error\".\n"
     "\n"
     "Exit status: 0 when every line was read, 1 on an I/O error, 2 on a\n"
     "usage error.\n"},
    {"grade", ctl_cmd_grade, "grade [FILE|-] [--json]",
     "Grades one puzzle per input line (input as for solve) with the solver\n"
     "that uses a person's techniques, easiest step first.\n"
     "\n"
     "Prints one line per puzzle: TIER SCORE HARDEST, e.g. 'medium 2.6 Pointing'.\n"
     "TIER is easy, medium, hard or expert, or unrated when no known technique\n"
     "finishes the puzzle (it needs guessing); SCORE is the Sudoku Explainer\n"
     "rating of the hardest step; HARDEST is that step's technique. Puzzles\n"
     "that are not proper get the verdicts of solve: invalid: REASON,\n"
     "unsolvable, multiple.\n"
     "--json adds effort, steps and counts per technique:\n"
     "  {\"tier\":\"medium\",\"score\":2.6,\"hardest\":\"pointing\",\"effort\":512,\n"
     "   \"steps\":59,\"counts\":{...},\"line\":1,\"puzzle\":\"...\",\"status\":\"graded\"}\n"
     "\n"
     "Exit status: 0 when every line was read, 1 on an I/O error, 2 on a\n"
     "usage error.\n"},
    {"explain", ctl_cmd_explain, "explain PUZZLE [--json] [--candidates]",
     "Solves PUZZLE (81 characters) step by step as a person would and prints\n"
     "one numbered sentence per step, then the grade. --candidates also\n"
     "prints the grid with its candidates at the start and before every step\n"
     "beyond singles. --json prints one object with the grade and every step\n"
     "(technique, rating, text, placements, eliminations, causes, houses).\n"
     "\n"
     "Exit status: 0, 1 when the puzzle has no or several solutions, 2 when\n"
     "PUZZLE is not a puzzle.\n"},
    {"hint", ctl_cmd_hint, "hint STATE [--puzzle PUZZLE] [--json]",
     "Gives the next step a person should take from STATE, a partly filled\n"
     "grid (81 characters), and nothing more. Prints 'STATUS: MESSAGE' with\n"
     "STATUS one of step, solved, wrong (the entries that differ from the\n"
     "solution; needs --puzzle, the original givens), conflict (a digit\n"
     "repeated in a house), no-solution (an entry is wrong somewhere),\n"
     "multiple (several solutions) or stuck (no known technique applies).\n"
     "\n"
     "Exit status: 0 for any answer, 2 when STATE or PUZZLE is not a grid.\n"},
    {"generate", ctl_cmd_generate,
     "generate --difficulty TIER [--count N] [--seed S] [--symmetry SYM]\n"
     "                   [--minimal] [--min-clues N] [--max-clues N] [--attempts N] [--json]",
     "Generates puzzles with exactly one solution that grade to TIER (easy,\n"
     "medium, hard or expert), with a symmetric clue pattern: SYM is none,\n"
     "rotational-180 (the default), rotational-90, mirror or diagonal.\n"
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
     "and generator_version.\n"
     "\n"
     "Exit status: 0 ok, 1 when no puzzle could be made within the budget,\n"
     "2 on a usage error.\n"},
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
    fprintf(out, "usage: sudokuctl [--help] [--version] COMMAND [ARGS]\n\n"
                 "Commands:\n");
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

int main(int argc, char **argv)
{
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
    return c->run(argc - 2, argv + 2);
}
