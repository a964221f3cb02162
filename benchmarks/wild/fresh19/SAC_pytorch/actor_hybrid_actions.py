from SAC_pytorch import Actor

# a robot arm with 4 continuous joints and two discrete choices (gripper, mode)
model = Actor(
    dim_state=24,
    num_cont_actions=4,
    num_discrete_actions=(2, 3),
    dim_hidden=96,
    mlp_depth=3,
)
