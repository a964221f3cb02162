#!/usr/bin/env python

# # Tabular autoencoder experiments
# exported from notebook

# In[1]:


import torch.nn as nn

# In[2]:


N_FEATURES = 27
LATENT = 8


# In[3]:


class AE(nn.Module):
    def __init__(self, d, z, hidden=64):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, z))
        self.dec = nn.Sequential(nn.Linear(z, hidden), nn.ReLU(), nn.Linear(hidden, d))


model = AE(N_FEATURES, LATENT)
model  # noqa: B018


# In[4]:


# try a wider one
LATENT = 4
model = AE(N_FEATURES, LATENT, hidden=128)
print(sum(p.numel() for p in model.parameters()))


# In[5]:


# add a supervised head on the latent
model.head = nn.Linear(LATENT, 2)


# In[ ]:
