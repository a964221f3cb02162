import torch.nn as nn
from nflows.distributions.normal import ConditionalDiagonalNormal
from nflows.flows.base import Flow
from nflows.nn.nets import ResidualNet
from nflows.transforms.base import CompositeTransform
from nflows.transforms.coupling import AffineCouplingTransform
from nflows.transforms.normalization import ActNorm
from nflows.utils.torchutils import create_alternating_binary_mask

FEATURES, CONTEXT = 4, 2


def net_factory(in_features, out_features):
    return ResidualNet(
        in_features, out_features, hidden_features=48, context_features=CONTEXT, num_blocks=2
    )


layers = []
for i in range(3):
    layers += [
        ActNorm(FEATURES),
        AffineCouplingTransform(
            mask=create_alternating_binary_mask(FEATURES, even=(i % 2 == 0)),
            transform_net_create_fn=net_factory,
        ),
    ]
model = Flow(
    transform=CompositeTransform(layers),
    distribution=ConditionalDiagonalNormal(
        shape=[FEATURES], context_encoder=nn.Linear(CONTEXT, 2 * FEATURES)
    ),
)
