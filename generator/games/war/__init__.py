"""war: rules, players and fast kernel."""
