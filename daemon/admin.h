/*
 * admin: answers the operator commands of the query socket (see proto.h):
 * `webhook status|retry|replay|test` through the webhook relay and
 * `backup PATH` through the store, on the loop thread.
 *
 * Who may call them is decided before admin_answer is called: the server
 * answers forbidden to anyone but root and the daemon's own user for the
 * commands proto_needs_operator names (all but webhook status).  backup
 * writes as the daemon's user, so it refuses a PATH that already exists (it never
 * replaces a file, the live database least of all), a missing directory
 * and one the daemon cannot write to.
 */
#ifndef SUDOKUD_ADMIN_H
#define SUDOKUD_ADMIN_H

#include "config.h"
#include "proto.h"
#include "reply.h"
#include "store.h"
#include "webhook.h"

/*
 * Answers req (PROTO_WEBHOOK or PROTO_BACKUP) with one reply line through
 * emit.  webhook may be NULL (no relay: webhook commands answer internal).
 * Returns 0 for an ok reply, 1 for an error reply, -1 when emit failed or
 * memory ran out.
 */
int admin_answer(const struct config *cfg, struct store *store,
                 struct webhook *webhook, const struct proto_request *req,
                 reply_emit_fn emit, void *arg);

#endif
