/** 'Información adicional' (/extinfo/): who runs the service, the account, the service's clock. */
export const extInfoRoutes = { extInfo: () => import('./routes/ext-info') };
