from anymal_belief_state_encoder_decoder_pytorch import Anymal

LEGS = 6
model = Anymal(
    num_actions=3 * LEGS,
    proprio_dim=72,
    extero_dim=13 * LEGS,
    privileged_dim=40,
    num_legs=LEGS,
    latent_extero_dim=16,
    student_gru_num_layers=1,
    student_gru_hidden_size=40,
    mlp_hidden=(96, 64),
)
