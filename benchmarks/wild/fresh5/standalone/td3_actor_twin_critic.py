"""TD3 (Fujimoto et al.) as in the authors' single file: an actor and one Critic module that
holds both Q networks; target copies made by deepcopy live on the agent, which is the module."""

import copy

import torch.nn as nn
import torch.nn.functional as F


class Actor(nn.Module):
    def __init__(self, state_dim, action_dim, max_action):
        super().__init__()
        self.l1 = nn.Linear(state_dim, 256)
        self.l2 = nn.Linear(256, 256)
        self.l3 = nn.Linear(256, action_dim)
        self.max_action = max_action


class Critic(nn.Module):
    def __init__(self, state_dim, action_dim):
        super().__init__()
        # Q1 architecture
        self.l1 = nn.Linear(state_dim + action_dim, 256)
        self.l2 = nn.Linear(256, 256)
        self.l3 = nn.Linear(256, 1)
        # Q2 architecture
        self.l4 = nn.Linear(state_dim + action_dim, 256)
        self.l5 = nn.Linear(256, 256)
        self.l6 = nn.Linear(256, 1)

    def Q1(self, state, action):
        return self.l3(F.relu(self.l2(F.relu(self.l1(state)))))


class TD3(nn.Module):
    def __init__(self, state_dim, action_dim, max_action, discount=0.99, tau=0.005):
        super().__init__()
        self.actor = Actor(state_dim, action_dim, max_action)
        self.actor_target = copy.deepcopy(self.actor)
        self.critic = Critic(state_dim, action_dim)
        self.critic_target = copy.deepcopy(self.critic)
        self.discount, self.tau = discount, tau


kwargs = {"state_dim": 17, "action_dim": 6, "max_action": 1.0}
model = TD3(**kwargs)
