# noisy output layers for exploration; logZ given as an explicit Parameter
import torch
import torch.nn as nn
from gfn.estimators import DiscretePolicyEstimator
from gfn.gflownet import TBGFlowNet
from gfn.gym import HyperGrid
from gfn.preprocessors import KHotPreprocessor
from gfn.utils.modules import MLP

env = HyperGrid(ndim=3, height=8, validate_modes=False)
pre = KHotPreprocessor(height=env.height, ndim=env.ndim)

pf_net = MLP(
    input_dim=pre.output_dim,
    output_dim=env.n_actions,
    hidden_dim=64,
    n_hidden_layers=3,
    n_noisy_layers=2,
)
pb_net = MLP(
    input_dim=pre.output_dim, output_dim=env.n_actions - 1, hidden_dim=64, n_hidden_layers=1
)

model = TBGFlowNet(
    pf=DiscretePolicyEstimator(pf_net, env.n_actions, preprocessor=pre),
    pb=DiscretePolicyEstimator(pb_net, env.n_actions, preprocessor=pre, is_backward=True),
    logZ=nn.Parameter(torch.tensor(0.0)),
)
