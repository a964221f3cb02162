import torch.nn as nn
from BasisConvolution.convNetv2 import BasisNetwork

model = nn.ModuleList(
    [
        BasisNetwork(
            fluidFeatures=1, layers=[8, 12, 1], dims=[10], rbfs=["chebyshev"], outputBias=False
        ),
        BasisNetwork(
            fluidFeatures=2,
            layers=[6],
            dims=[4, 3],
            rbfs=["linear", "fourier"],
            layerMLP=True,
            MLPLayout=[10],
        ),
    ]
)
