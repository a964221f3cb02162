"""Continual-learning setup: a weightless main MLP whose weights come from a task-conditioned hypernetwork."""
import torch
from hypnettorch.mnets import MLP
from hypnettorch.hnets import HMLP

NUM_TASKS = 5

mnet = MLP(n_in=2, n_out=1, hidden_layers=(20, 20), no_weights=True, verbose=False)
hnet = HMLP(mnet.param_shapes, uncond_in_size=0, cond_in_size=8, layers=(50, 50),
            num_cond_embs=NUM_TASKS, verbose=False)


class TaskConditioned(torch.nn.Module):
    def __init__(self, mnet, hnet):
        super().__init__()
        self.mnet = mnet
        self.hnet = hnet

    def forward(self, x, task_id):
        return self.mnet.forward(x, self.hnet.forward(cond_id=task_id))


model = TaskConditioned(mnet, hnet)
