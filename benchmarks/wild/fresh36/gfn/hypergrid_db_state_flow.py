# detailed balance: a third network estimates the log state flow
from gfn.estimators import DiscretePolicyEstimator, ScalarEstimator
from gfn.gflownet import DBGFlowNet
from gfn.gym import HyperGrid
from gfn.preprocessors import KHotPreprocessor
from gfn.utils.modules import MLP

env = HyperGrid(ndim=2, height=16)
pre = KHotPreprocessor(height=env.height, ndim=env.ndim)

pf = DiscretePolicyEstimator(
    MLP(input_dim=pre.output_dim, output_dim=env.n_actions, hidden_dim=64, n_hidden_layers=3),
    env.n_actions,
    preprocessor=pre,
)
pb = DiscretePolicyEstimator(
    MLP(input_dim=pre.output_dim, output_dim=env.n_actions - 1, hidden_dim=64, n_hidden_layers=3),
    env.n_actions,
    preprocessor=pre,
    is_backward=True,
)
logF = ScalarEstimator(MLP(input_dim=pre.output_dim, output_dim=1, hidden_dim=32), preprocessor=pre)

model = DBGFlowNet(pf=pf, pb=pb, logF=logF)
