"""A stochastic variational GP: 64 learned inducing points in 5-D, a Cholesky variational
distribution, an ARD Matern kernel."""

import gpytorch
import torch


class SVGP(gpytorch.models.ApproximateGP):
    def __init__(self, inducing_points):
        dist = gpytorch.variational.CholeskyVariationalDistribution(inducing_points.size(-2))
        strategy = gpytorch.variational.VariationalStrategy(
            self, inducing_points, dist, learn_inducing_locations=True
        )
        super().__init__(strategy)
        self.mean_module = gpytorch.means.LinearMean(input_size=inducing_points.size(-1))
        self.covar_module = gpytorch.kernels.ScaleKernel(
            gpytorch.kernels.MaternKernel(nu=2.5, ard_num_dims=inducing_points.size(-1))
        )


model = SVGP(torch.rand(64, 5))
