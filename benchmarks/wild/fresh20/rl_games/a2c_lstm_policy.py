"""A recurrent (LSTM after the MLP) policy with layer norm, for partial observability."""

from rl_games.algos_torch.network_builder import A2CBuilder

spec = dict(
    separate=False,
    space=dict(
        continuous=dict(
            mu_activation="None",
            sigma_activation="None",
            mu_init=dict(name="default"),
            sigma_init=dict(name="const_initializer", val=0),
            fixed_sigma=False,
        )
    ),
    mlp=dict(units=[128, 64], activation="elu", initializer=dict(name="default")),
    rnn=dict(name="lstm", units=96, layers=1, layer_norm=True, before_mlp=False),
)

builder = A2CBuilder()
builder.load(spec)
model = builder.build("rnn", actions_num=4, input_shape=(17,), num_seqs=16, value_size=1)
