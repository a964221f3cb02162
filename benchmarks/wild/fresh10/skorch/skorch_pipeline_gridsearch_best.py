from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from skorch import NeuralNetBinaryClassifier
from torch import nn


class Tabular(nn.Module):
    def __init__(self, in_features=20, width=64, depth=2, dropout=0.2):
        super().__init__()
        blocks = []
        for i in range(depth):
            blocks += [
                nn.Linear(in_features if i == 0 else width, width),
                nn.BatchNorm1d(width),
                nn.ReLU(),
                nn.Dropout(dropout),
            ]
        self.body = nn.Sequential(*blocks)
        self.out = nn.Linear(width, 1)

    def forward(self, X):
        return self.out(self.body(X)).squeeze(-1)


pipe = Pipeline(
    [
        ("scale", StandardScaler()),
        (
            "net",
            NeuralNetBinaryClassifier(Tabular, max_epochs=5, lr=0.05, iterator_train__shuffle=True),
        ),
    ]
)
# the parameters a GridSearchCV found best, routed through the pipeline step name
best_params = {"net__module__width": 256, "net__module__depth": 3, "net__module__in_features": 54}
pipe.set_params(**best_params)
pipe.named_steps["net"].initialize()
model = pipe.named_steps["net"].module_
