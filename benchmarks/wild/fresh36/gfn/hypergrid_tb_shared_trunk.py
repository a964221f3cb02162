# the torchgfn README recipe: trajectory balance on a hypergrid, forward and backward
# policies sharing one trunk
from gfn.estimators import DiscretePolicyEstimator
from gfn.gflownet import TBGFlowNet
from gfn.gym import HyperGrid
from gfn.preprocessors import KHotPreprocessor
from gfn.utils.modules import MLP

env = HyperGrid(ndim=4, height=8)
preprocessor = KHotPreprocessor(height=env.height, ndim=env.ndim)

module_PF = MLP(input_dim=preprocessor.output_dim, output_dim=env.n_actions, hidden_dim=128)
module_PB = MLP(
    input_dim=preprocessor.output_dim, output_dim=env.n_actions - 1, trunk=module_PF.trunk
)

pf_estimator = DiscretePolicyEstimator(module_PF, env.n_actions, preprocessor=preprocessor)
pb_estimator = DiscretePolicyEstimator(
    module_PB, env.n_actions, preprocessor=preprocessor, is_backward=True
)

model = TBGFlowNet(pf=pf_estimator, pb=pb_estimator, init_logZ=0.0)
