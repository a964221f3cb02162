"""An exact GP regression model (constant mean, scaled RBF kernel) and its Gaussian likelihood,
kept together in one module so both sets of hyper-parameters are trained."""

import gpytorch
import torch
import torch.nn as nn


class ExactGPModel(gpytorch.models.ExactGP):
    def __init__(self, train_x, train_y, likelihood):
        super().__init__(train_x, train_y, likelihood)
        self.mean_module = gpytorch.means.ConstantMean()
        self.covar_module = gpytorch.kernels.ScaleKernel(gpytorch.kernels.RBFKernel())


class GPWithLikelihood(nn.Module):
    def __init__(self, n=100):
        super().__init__()
        train_x = torch.linspace(0, 1, n)
        train_y = torch.sin(train_x * 6.28)
        self.likelihood = gpytorch.likelihoods.GaussianLikelihood()
        self.gp = ExactGPModel(train_x, train_y, self.likelihood)


model = GPWithLikelihood()
