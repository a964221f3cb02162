#!/usr/bin/env python
# coding: utf-8  # noqa: UP009

# In[1]:


import torch.nn as nn
import torch.nn.functional as F

# In[2]:


n_feat, n_hidden, n_cls = 30, 50, 2
cfg = {"dropout": 0.3, "bn": True}


# In[3]:


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(n_feat, n_hidden)
        self.bn1 = nn.BatchNorm1d(n_hidden) if cfg["bn"] else nn.Identity()
        self.fc2 = nn.Linear(n_hidden, n_hidden)
        self.fc3 = nn.Linear(n_hidden, n_cls)

    def forward(self, x):
        x = F.relu(self.bn1(self.fc1(x)))
        return self.fc3(F.dropout(F.relu(self.fc2(x)), cfg["dropout"]))


# In[4]:


model = Net()
print(model)


# In[5]:


# try a bigger hidden size
n_hidden = 80
cfg["bn"] = False
model = Net()


# In[6]:


model.fc3 = nn.Linear(n_hidden, 5)
