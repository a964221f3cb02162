from SAC_pytorch import SAC

model = SAC(
    actor=dict(dim_state=8, num_cont_actions=2, dim_hidden=64, mlp_depth=2),
    critics=[
        dict(dim_state=8, num_cont_actions=2, dim_hidden=64, mlp_depth=2),
        dict(dim_state=8, num_cont_actions=2, dim_hidden=64, mlp_depth=2),
    ],
)
