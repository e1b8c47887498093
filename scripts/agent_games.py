"""Playing a game with agents from the Python module, one decision at a time (for the scripts)."""


def decisions(state, seats):
    """Plays `state` to its end with `seats` (one agent per seat), chance sampled.

    Each agent is reset first (a new game begins), as `play_match` does. Yields the state before
    each decision, so that the caller can look at it or stop there; every other seat is told each
    move, as `play_match` tells its agents."""
    n = state.num_players()
    for agent in seats:
        agent.reset()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        yield state
        player = state.current_player()
        action = seats[player].step(state, player)
        for other in range(n):
            if other != player:
                seats[other].observe(state, action, other)
        state.apply_action(action)
