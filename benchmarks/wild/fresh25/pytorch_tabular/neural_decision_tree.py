"""A depth-3 neural decision tree (stumps at every node) over 9 features, as in GATE."""

from pytorch_tabular.models.common.layers import NeuralDecisionTree

model = NeuralDecisionTree(depth=3, n_features=9, dropout=0.05, feature_sparsity=0.5)
