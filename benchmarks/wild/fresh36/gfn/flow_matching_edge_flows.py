# flow matching: one estimator of the log edge flows, no backward policy
from gfn.estimators import DiscretePolicyEstimator
from gfn.gflownet import FMGFlowNet
from gfn.gym import HyperGrid
from gfn.preprocessors import KHotPreprocessor
from gfn.utils.modules import MLP

env = HyperGrid(ndim=2, height=12)
pre = KHotPreprocessor(height=env.height, ndim=env.ndim)
logF = DiscretePolicyEstimator(
    module=MLP(
        input_dim=pre.output_dim, output_dim=env.n_actions, hidden_dim=256, n_hidden_layers=2
    ),
    n_actions=env.n_actions,
    preprocessor=pre,
)
model = FMGFlowNet(logF, alpha=1.0)
