# partially observed control: an LSTM actor and an LSTM critic
import torch.nn as nn
from tianshou.utils.net.continuous import RecurrentActorProb, RecurrentCritic

state_shape, action_shape = (9,), (2,)
model = nn.ModuleList(
    [
        RecurrentActorProb(
            layer_num=2, state_shape=state_shape, action_shape=action_shape, hidden_layer_size=96
        ),
        RecurrentCritic(
            layer_num=1, state_shape=state_shape, action_shape=action_shape, hidden_layer_size=96
        ),
    ]
)
