from torch import nn
from zerorl.helpers.factory import ActorCriticAgent

model = nn.ModuleList(
    [
        ActorCriticAgent(input_dim=4, output_dim=2, is_discrete=d, hidden_dim=h)
        for d, h in ((True, 16), (False, 24))
    ]
)
