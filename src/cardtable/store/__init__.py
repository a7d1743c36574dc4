"""Storage: the database schema, its migrations, and the repository the server calls."""
