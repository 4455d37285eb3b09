"""viashi: rules, players and fast kernel."""
