from rsl_rl.modules import ActorCritic

# ANYmal-style locomotion: 48 policy observations, 235 privileged critic observations, 12 joints
model = ActorCritic(
    num_actor_obs=48,
    num_critic_obs=235,
    num_actions=12,
    actor_hidden_dims=[512, 256, 128],
    critic_hidden_dims=[512, 256, 128],
    activation="elu",
    init_noise_std=1.0,
)
