from rsl_rl.modules import RandomNetworkDistillation

# random network distillation intrinsic reward: predictor trained towards a frozen random target
model = RandomNetworkDistillation(
    num_states=30,
    num_outputs=16,
    predictor_hidden_dims=[128, 64],
    target_hidden_dims=[128, 64],
    activation="elu",
    weight=0.5,
    state_normalization=False,
    reward_normalization=False,
    device="cpu",
)
