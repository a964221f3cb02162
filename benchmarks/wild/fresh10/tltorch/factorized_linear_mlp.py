import tltorch
from torch import nn

# an MLP whose hidden layers are CP / Tucker factorized tensors (tensorized 1024 -> 512 -> 256)
model = nn.Sequential(
    tltorch.FactorizedLinear(
        in_tensorized_features=(32, 32),
        out_tensorized_features=(16, 32),
        factorization="cp",
        rank=0.1,
    ),
    nn.ReLU(),
    tltorch.FactorizedLinear(
        in_tensorized_features=(16, 32),
        out_tensorized_features=(16, 16),
        factorization="tucker",
        rank=0.2,
    ),
    nn.ReLU(),
    nn.Linear(256, 10),
)
