from gradnorm_pytorch import GradNormLossWeighter, MockNetworkWithMultipleLosses
from torch import nn

net = MockNetworkWithMultipleLosses(dim=48, num_losses=3)
weighter = GradNormLossWeighter(
    loss_weights=[1.0, 0.5, 0.25],
    grad_norm_parameters=net.backbone[-1].weight,
    frozen=True,
)
model = nn.ModuleDict({"net": net, "weighter": weighter})
