"""Deep kernel learning: an MLP feature extractor feeding a grid-interpolation GP (KISS-GP)."""

import gpytorch
import torch
import torch.nn as nn


class FeatureExtractor(nn.Sequential):
    def __init__(self, d):
        super().__init__(
            nn.Linear(d, 256), nn.ReLU(), nn.Linear(256, 64), nn.ReLU(), nn.Linear(64, 2)
        )


class DKL(gpytorch.models.ExactGP):
    def __init__(self, train_x, train_y, likelihood):
        super().__init__(train_x, train_y, likelihood)
        self.mean_module = gpytorch.means.ConstantMean()
        self.covar_module = gpytorch.kernels.GridInterpolationKernel(
            gpytorch.kernels.ScaleKernel(gpytorch.kernels.RBFKernel(ard_num_dims=2)),
            num_dims=2,
            grid_size=50,
        )
        self.feature_extractor = FeatureExtractor(train_x.size(-1))
        self.scale_to_bounds = gpytorch.utils.grid.ScaleToBounds(-1.0, 1.0)


train_x = torch.randn(200, 12)
model = DKL(train_x, torch.randn(200), gpytorch.likelihoods.GaussianLikelihood())
