"""weiji: rules, players and fast kernel."""
