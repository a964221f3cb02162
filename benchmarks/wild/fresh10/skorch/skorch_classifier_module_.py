from skorch import NeuralNetClassifier
from torch import nn


class ClassifierModule(nn.Module):
    def __init__(self, num_units=10, nonlin=nn.ReLU(), dropout=0.5, num_features=20, num_classes=2):  # noqa: B008
        super().__init__()
        self.dense0 = nn.Linear(num_features, num_units)
        self.nonlin = nonlin
        self.dropout = nn.Dropout(dropout)
        self.dense1 = nn.Linear(num_units, num_units)
        self.output = nn.Linear(num_units, num_classes)

    def forward(self, X):
        X = self.nonlin(self.dense0(X))
        X = self.dropout(X)
        X = self.nonlin(self.dense1(X))
        return self.output(X).softmax(dim=-1)


# sklearn-style: module hyper-parameters are given as module__<name>
net = NeuralNetClassifier(
    ClassifierModule,
    module__num_units=64,
    module__num_features=30,
    module__num_classes=3,
    max_epochs=10,
    lr=0.1,
    device="cpu",
)
net.initialize()
model = net.module_
