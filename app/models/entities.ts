import { Alert } from "./alert.entity";
import { AutomationRule, NotificationSetting } from "./automation.entity";
import { Campaign, CampaignProduct } from "./campaign.entity";
import { CatalogueSummary, StockLevelCount } from "./catalogue-summary.entity";
import { Category } from "./category.entity";
import { Customer } from "./customer.entity";
import { Quote, QuoteItem, SalesOrder, SalesOrderItem } from "./order.entity";
import { PriceHistory, Product } from "./product.entity";
import { Session, User } from "./user.entity";

/** Every entity, listed explicitly: Vite emits no decorator metadata and no folder is scanned. */
export const entities = [
  User,
  Session,
  Category,
  Product,
  PriceHistory,
  CatalogueSummary,
  StockLevelCount,
  Campaign,
  CampaignProduct,
  Alert,
  Customer,
  SalesOrder,
  SalesOrderItem,
  Quote,
  QuoteItem,
  NotificationSetting,
  AutomationRule,
];
