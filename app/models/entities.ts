import { Alert } from "./alert/alert.entity";
import { ApiToken } from "./api-token/api-token.entity";
import { AuditLog } from "./audit/audit.entity";
import { AutomationRule } from "./automation/automation.entity";
import { Campaign, CampaignProduct } from "./campaign/campaign.entity";
import { Category } from "./category/category.entity";
import { Customer } from "./customer/customer.entity";
import { CatalogueFigure, CatalogueSummary, StockLevelCount } from "./dashboard/catalogue-summary.entity";
import { DocumentNumber } from "./document-number/document-number.entity";
import { ImportJob, ImportJobRow } from "./import/import-job.entity";
import { EmailMessage, NotificationSetting } from "./notification/notification.entity";
import { Quote, QuoteItem, SalesOrder, SalesOrderItem } from "./order/order.entity";
import { PriceHistory } from "./price/price-history.entity";
import { PriceBatch, PriceBatchLine } from "./price-batch/price-batch.entity";
import { Product } from "./product/product.entity";
import { PurchaseOrder, PurchaseOrderLine } from "./purchase-order/purchase-order.entity";
import { StockValueSnapshot } from "./report/stock-value.entity";
import { ReportSchedule } from "./report-schedule/report-schedule.entity";
import { StockMovement } from "./stock/stock-movement.entity";
import { StockCount, StockCountLine } from "./stock-count/stock-count.entity";
import { Supplier } from "./supplier/supplier.entity";
import { Session, SignInFailure, User } from "./user/user.entity";

/** Every entity, listed explicitly: Vite emits no decorator metadata and no folder is scanned. */
export const entities = [
  User,
  Session,
  Category,
  Supplier,
  Product,
  PriceHistory,
  CatalogueSummary,
  StockLevelCount,
  CatalogueFigure,
  Campaign,
  CampaignProduct,
  Alert,
  Customer,
  SalesOrder,
  SalesOrderItem,
  Quote,
  QuoteItem,
  DocumentNumber,
  NotificationSetting,
  AutomationRule,
  EmailMessage,
  SignInFailure,
  AuditLog,
  ApiToken,
  StockValueSnapshot,
  ImportJob,
  ImportJobRow,
  StockMovement,
  ReportSchedule,
  PurchaseOrder,
  PurchaseOrderLine,
  StockCount,
  StockCountLine,
  PriceBatch,
  PriceBatchLine,
];
