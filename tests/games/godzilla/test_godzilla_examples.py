"""A first round played move by move with the texts a person types (the public API only)."""
from godzilla_helpers import SQ, field, new, play, rn, stage


def test_a_first_round_in_words():
    state = new(3)                       # the Kaiju, H1 (Tokyo, Chiba), H2 (Saitama, Kanagawa)
    play(state, "status card 4: Shinjuku / Shibuya", "draw a Tokyo evacuee", "draw a Saitama evacuee")
    assert stage(state) == "omen" and state.current_player() == 0
    play(state, f"footprint {rn('Shibaura', 'Ginza')}", f"footprint {rn('Ginza', 'Marunouchi')}", "end omen")
    play(state, *["turn up a rail tile"] * 3, "turn up a road tile", "turn up a road tile")
    assert state.current_player() == 1
    play(state, f"rail on {rn('Tokyo Home', 'Shinjuku')}", "planning to H2")
    assert state.current_player() == 2
    play(state, f"road on {rn('Ikebukuro', 'Saitama Home')}", f"road on {rn('Shinjuku', 'Radio Tower')}",
         "end planning")
    play(state, "roll 2-3-3")
    play(state, "keep the dice", "move with 2-3", "step to Ginza", "awaken a die", "step to Marunouchi")
    assert field(state, "kaiju_square") == SQ["Marunouchi"] and field(state, "kaiju_screen_landmarks") == 1
    # evacuation: Tokyo (H1) goes home by rail; Saitama (H2) has no route of one kind home
    assert state.current_player() == 1
    play(state, "Tokyo evacuee Shinjuku to Tokyo Home")
    assert state.current_player() == 2
    assert state.legal_action_strings() == ["end Saitama moves", "Saitama evacuee Shinjuku to Tokyo Home",
                                            "Saitama evacuee Shinjuku to Radio Tower"]
    play(state, "end Saitama moves")
    assert state.current_player() == 1            # the Press pieces: the Tokyo governor's seat
    play(state, "press Shinjuku to Tokyo Home")
    assert field(state, "human_screen_evacuees")[0] == 1 and field(state, "press_cards_won") == 1
    assert field(state, "round") == 2 and stage(state) == "status card"
    text = state.observation_string(2)
    assert "you are H2 (Saitama, Kanagawa)" in text and "Press (done): 1 card" in text
