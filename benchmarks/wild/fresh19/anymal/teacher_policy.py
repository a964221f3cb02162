from anymal_belief_state_encoder_decoder_pytorch import Teacher

model = Teacher(
    num_actions=12,
    proprio_dim=48,
    extero_dim=52,
    latent_extero_dim=24,
    privileged_dim=30,
    latent_privileged_dim=16,
    mlp_hidden=(128, 64),
    num_legs=4,
)
