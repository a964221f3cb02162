# the PPO actor / critic of torchrl's tutorial: MLP -> NormalParamExtractor -> TanhNormal, plus a value MLP
import torch.nn as nn
from tensordict.nn import TensorDictModule
from tensordict.nn.distributions import NormalParamExtractor
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator

obs_dim, act_dim, num_cells = 11, 3, 256

actor_net = nn.Sequential(
    MLP(
        in_features=obs_dim,
        out_features=2 * act_dim,
        num_cells=[num_cells] * 3,
        activation_class=nn.Tanh,
    ),
    NormalParamExtractor(),
)
policy = ProbabilisticActor(
    module=TensorDictModule(actor_net, in_keys=["observation"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    return_log_prob=True,
)
value = ValueOperator(
    module=MLP(
        in_features=obs_dim, out_features=1, num_cells=[num_cells] * 3, activation_class=nn.Tanh
    ),
    in_keys=["observation"],
)
model = nn.ModuleDict({"policy": policy, "value": value})
