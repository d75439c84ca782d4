/*
 * schema_sql: the SQL migrations compiled into the binary from
 * schema/NNN_name.sql (see schema/embed.sh).  schema_migrations[i] brings a
 * database from user_version i to i + 1.
 */
#ifndef SUDOKUD_SCHEMA_SQL_H
#define SUDOKUD_SCHEMA_SQL_H

struct schema_migration {
    const char *name; /* "001_initial.sql" */
    const char *sql;
};

extern const struct schema_migration schema_migrations[];
extern const int schema_migration_count;

#endif
