from skorch import NeuralNetRegressor
from torch import nn


class RegressorModule(nn.Module):
    def __init__(self, hidden=(64, 32), in_features=8):
        super().__init__()
        layers = []
        prev = in_features
        for h in hidden:
            layers += [nn.Linear(prev, h), nn.Tanh()]
            prev = h
        layers.append(nn.Linear(prev, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, X):
        return self.net(X)


net = NeuralNetRegressor(RegressorModule, max_epochs=20, lr=0.01, batch_size=64)
# the grid-search winner, set the way GridSearchCV does
net.set_params(module__hidden=(128, 128, 64), module__in_features=13)
net.initialize()
model = net.module_
