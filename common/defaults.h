/*
 * defaults: what sudokud and sudokuctl must agree on and nothing else — the
 * release version both print (and sudokud sends as its webhook User-Agent)
 * and the socket path sudokuctl tries when --socket is not given, which is
 * the daemon's default `socket`.  The one place the version is written.
 */
#ifndef SUDOKUD_DEFAULTS_H
#define SUDOKUD_DEFAULTS_H

#define SUDOKUD_VERSION "0.1.0"
#define SUDOKUD_DEFAULT_SOCKET "/run/sudokud/sudokud.sock"

#endif
