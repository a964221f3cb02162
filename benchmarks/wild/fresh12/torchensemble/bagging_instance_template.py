"""Bagging regressor given an estimator instance as template: the template is deep-copied per member."""

import torch.nn as nn
from torchensemble import BaggingRegressor

template = nn.Sequential(nn.Linear(8, 24), nn.Tanh(), nn.Linear(24, 1))
model = BaggingRegressor(estimator=template, n_estimators=3, cuda=False)
model.estimators_.extend(model._make_estimator() for _ in range(3))
